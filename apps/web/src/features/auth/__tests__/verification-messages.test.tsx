import { DELAYS_MS, TOAST_MS } from '@app/contract/constants';
import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { getSessionToken } from '@/lib/session';
import { storageKeys } from '@/lib/storage';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

// The first render of a file loads the lazy route and the page's chunks.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const PHONE = '+61412345678';
const SEND = '/v1/api/send-verification-code';
const VERIFY = '/v1/api/verify-code';

const sent = (resendAfterSeconds = 30) =>
  Response.json({ success: true, expiresInSeconds: 600, resendAfterSeconds });
const refused = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  Response.json({ error: { code, message, ...extra } }, { status });

beforeEach(() => {
  window.localStorage.setItem(storageKeys.pendingPhoneNumber, PHONE);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notifications.clean();
  await i18n.changeLanguage('en');
});

const boxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 5$/ });

async function openPage() {
  const rendered = renderApp(paths.verification);
  await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
  return rendered;
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(boxes()[0]!);
  await user.keyboard(code);
}

describe("/verification: resending a code (spec §8 'newCodeSent', 'failedToResend')", () => {
  it("a new code: 'New verification code sent!' in green at the top for 3 s, boxes emptied, the wait restarted", async () => {
    const calls = fakeApi({ [SEND]: () => sent(30) });
    const show = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    await openPage();
    await typeCode(user, '12');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('New verification code sent!')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'green',
        message: 'New verification code sent!',
        autoClose: TOAST_MS.verification,
        position: 'top-center',
      }),
    );
    expect(TOAST_MS.verification).toBe(3000);
    const call = calls.find((c) => c.path === SEND);
    expect(call?.init?.method).toBe('POST');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ phoneNumber: PHONE, language: 'en' });
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['', '', '', '', '']);
    expect(await screen.findByText(/You can ask for a new code in (30|29) s/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
  });

  it("a resend refused as too soon: 'Failed to resend code' in red, and the wait the server names", async () => {
    fakeApi({
      [SEND]: () =>
        refused(429, 'RATE_LIMITED', 'Please wait 25 seconds before requesting another code.', {
          retryAfterSeconds: 25,
        }),
    });
    const show = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('Failed to resend code')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'Failed to resend code', autoClose: 3000 }),
    );
    expect(screen.queryByText('New verification code sent!')).toBeNull();
    expect(await screen.findByText(/You can ask for a new code in (25|24) s/)).toBeInTheDocument();
  });

  it("a resend with no network: 'Failed to resend code', and the link stays to try again", async () => {
    const calls = fakeApi();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://localhost').pathname;
        calls.push({ path, ...(init ? { init } : {}) });
        if (path === SEND) throw new TypeError('Failed to fetch');
        return Response.json({ error: { code: 'NOT_FOUND', message: path } }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('Failed to resend code')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled());
  });

  it('is in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    const calls = fakeApi({ [SEND]: () => sent(30) });
    const user = userEvent.setup();
    renderApp(paths.verification);
    await user.click(await screen.findByRole('button', { name: '重新发送' }));
    expect(await screen.findByText('新的验证码已发送！')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === SEND)?.init?.body))).toMatchObject({
      language: 'zh',
    });
  });

  it('is in Chinese too when it fails', async () => {
    await i18n.changeLanguage('zh');
    fakeApi({ [SEND]: () => new Response('bad gateway', { status: 502 }) });
    const user = userEvent.setup();
    renderApp(paths.verification);
    await user.click(await screen.findByRole('button', { name: '重新发送' }));
    expect(await screen.findByText('重新发送验证码失败')).toBeInTheDocument();
  });
});

describe("/verification: verifying (spec §8 'networkError', 'invalidOrExpired', 'verificationSuccess')", () => {
  it('no network: the network error text in red, the boxes emptied and the first focused', async () => {
    const calls = fakeApi();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://localhost').pathname;
        calls.push({ path, ...(init ? { init } : {}) });
        if (path === VERIFY) throw new TypeError('Failed to fetch');
        return Response.json({ error: { code: 'NOT_FOUND', message: path } }, { status: 404 });
      }),
    );
    const show = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    const { router } = await openPage();
    await typeCode(user, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const text = 'Network error. Please check your connection and try again.';
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: text, autoClose: 3000 }),
    );
    expect(screen.queryByText('Invalid or expired verification code')).toBeNull();
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['', '', '', '', '']);
    expect(router.state.location.pathname).toBe(paths.verification);
  });

  it('no network, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeApi();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    renderApp(paths.verification);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('12345{Enter}');
    expect(await screen.findByText('网络错误，请检查网络连接后重试。')).toBeInTheDocument();
  });

  it("an incomplete code: 'Please enter the complete 5-digit code' (spec §5 'invalidCode'), nothing sent", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    await openPage();
    await typeCode(user, '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the complete 5-digit code')).toBeInTheDocument();
    expect(calls.some((c) => c.path === VERIFY)).toBe(false);
  });

  it("a refused code without a server text: 'Invalid or expired verification code'", async () => {
    fakeApi({ [VERIFY]: () => new Response('oops', { status: 500 }) });
    const user = userEvent.setup();
    await openPage();
    await typeCode(user, '12345{Enter}');
    expect(await screen.findByText('Invalid or expired verification code')).toBeInTheDocument();
  });

  it("verified: 'Phone number verified successfully!' in green for 3 s, and on to /integrations 1.5 s later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({
      [VERIFY]: () =>
        Response.json({
          isExistingUser: true,
          sessionToken: 'tok-7',
          account: {
            id: 'u-7',
            account_id: 'u-7',
            email: 'ada@example.com',
            name: 'Ada Lovelace',
            provider: 'phone',
            phoneNumber: PHONE,
            language: 'en',
            createdAt: '2026-01-02T03:04:05.000Z',
          },
        }),
    });
    const show = vi.spyOn(notifications, 'show');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = await openPage();
    await typeCode(user, '12345{Enter}');

    expect(await screen.findByText('Phone number verified successfully!')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'green',
        message: 'Phone number verified successfully!',
        autoClose: 3000,
        position: 'top-center',
      }),
    );
    expect(getSessionToken()).toBe('tok-7');
    expect(DELAYS_MS.afterVerification).toBe(1500);
    await act(() => vi.advanceTimersByTimeAsync(DELAYS_MS.afterVerification - 500));
    expect(router.state.location.pathname).toBe(paths.verification);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
  });
});
