import { en, enCodes } from '@app/contract/messages-en';
import { zh, zhCodes } from '@app/contract/messages-zh';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

/** The server's refusal as it writes it, in the page's language (issue 29). */
const refusal = (text: string) =>
  Response.json(
    {
      error: {
        code: 'SMS_OPTED_OUT',
        message: text.replace('{{product}}', 'Relay').replace('{{number}}', '+1 501 712 2661'),
        field: 'phoneNumber',
      },
    },
    { status: 403 },
  );

async function askForCode(digits: string) {
  const user = userEvent.setup();
  const { router } = renderApp(paths.login);
  const input = await screen.findByLabelText(/Mobile number|手机号码/);
  await user.type(input, digits);
  const next = screen.getByRole('button', { name: /^(Next|下一步)$/ });
  await waitFor(() => expect(next).toBeEnabled());
  await user.click(next);
  return router;
}

describe('a sign-in code for a number that texted STOP (issue 29)', () => {
  it('is refused with the words to text START to our number first, and the page stays', async () => {
    fakeApi({ '/v1/api/send-verification-code': () => refusal(en.smsOptedOut) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = await askForCode('4155552671');
    expect(
      await screen.findByText(
        'This number has texted STOP to Relay, so we send it nothing, codes included. To get a code, first text START to +1 501 712 2661 from this phone, then try again.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeApi({ '/v1/api/send-verification-code': () => refusal(zh.smsOptedOut) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await askForCode('4155552671');
    expect(await screen.findByText(/请先用此手机发送 START 到 \+1 501 712 2661/)).toBeInTheDocument();
  });

  it('has its words in the error catalogue, in both languages', () => {
    expect(enCodes.SMS_OPTED_OUT).toContain('START');
    expect(zhCodes.SMS_OPTED_OUT).toContain('START');
    expect(zhCodes.SMS_OPTED_OUT).toContain('您');
  });
});
