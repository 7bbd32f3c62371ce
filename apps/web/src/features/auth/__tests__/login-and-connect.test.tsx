import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { sessionStorageKeys, storageKeys } from '@/lib/storage';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

beforeEach(() => {
  fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('/login', () => {
  it('signs in by phone first, with Gmail and Outlook below, and the agreement', async () => {
    renderApp(paths.login);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Relay' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect with Gmail' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Connect with Outlook' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Continue with my phone number' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in with your phone number instead' })).toBeNull();
  });

  it('shows the example number at once and formats and checks what is typed (rules load on first focus)', async () => {
    const user = userEvent.setup();
    renderApp(paths.login);
    const input = await screen.findByLabelText('Mobile number');
    expect(input).toHaveAttribute('placeholder', '(201) 555-0123');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(input, '41555');
    await waitFor(() => expect(input).toHaveValue('(415) 55'));
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    await user.type(input, '52671');
    expect(input).toHaveValue('(415) 555-2671');
    expect(next).toBeEnabled();
  });

  it("logs a failed send and shows the server's words under the field, staying on the page", async () => {
    fakeApi({
      '/v1/api/send-verification-code': () =>
        Response.json(
          {
            error: {
              code: 'RATE_LIMITED',
              message: 'Too many codes for this number. Try again in 60 seconds.',
            },
          },
          { status: 429 },
        ),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { router } = renderApp(paths.login);
    const input = await screen.findByLabelText('Mobile number');
    await user.type(input, '4155552671');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Too many codes for this number. Try again in 60 seconds.'),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to send verification code', expect.anything());
    expect(router.state.location.pathname).toBe(paths.login);
    expect(input).toHaveValue('(415) 555-2671');
  });

  it.each([
    ['Gmail', 'Google'],
    ['Outlook', 'Microsoft'],
  ])('shows a dismissible banner when %s sign-in cannot start (spec §2, §8)', async (button, provider) => {
    const user = userEvent.setup();
    renderApp(paths.login);
    await user.click(await screen.findByRole('button', { name: `Connect with ${button}` }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(`Failed to sign in with ${provider}. Please try again.`);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('/connect', () => {
  it('without a verified number is the sign-in screen: the phone form first, Gmail and Outlook below (issue 19, 2.2)', async () => {
    // Where a 401 sends someone whose session ended: they sign in again the way they did.
    fakeApi({
      '/v1/api/send-verification-code': () =>
        Response.json({ success: true, expiresInSeconds: 600, resendAfterSeconds: 30 }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(paths.connect);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Relay' })).toBeInTheDocument();
    const input = screen.getByLabelText('Mobile number');
    expect(screen.getByRole('button', { name: 'Connect with Gmail' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Connect with Outlook' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', paths.privacy);
    expect(screen.queryByRole('button', { name: 'Continue with my phone number' })).toBeNull();
    await user.type(input, '4155552671');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.verification));
  });

  it('with a verified number shows it and signs in by phone alone', async () => {
    window.sessionStorage.setItem(sessionStorageKeys.verifiedPhoneToken, 'proof-1');
    window.localStorage.setItem(storageKeys.verifiedPhoneNumber, '+61412345678');
    const calls = fakeApi({
      '/v1/auth/phone-session': () =>
        Response.json({
          sessionToken: 'tok-9',
          user: {
            id: 'u-9',
            account_id: 'u-9',
            email: '61412345678@phone.relay.invalid',
            name: 'Phone User',
            provider: 'phone',
            phoneNumber: '+61412345678',
            language: 'en',
            createdAt: new Date().toISOString(),
          },
        }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(paths.connect);
    expect(await screen.findByText(/Your number \+61 412 345 678 is verified/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with your phone number instead' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue with my phone number' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
    const call = calls.find((c) => c.path === '/v1/auth/phone-session');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ verifiedPhoneToken: 'proof-1' });
    expect(JSON.parse(window.localStorage.getItem(storageKeys.session)!)).toMatchObject({
      account_id: 'u-9',
      sessionToken: 'tok-9',
      provider: 'phone',
    });
    expect(window.sessionStorage.getItem(sessionStorageKeys.verifiedPhoneToken)).toBeNull();
  });

  it('says the verification expired when the proof is refused', async () => {
    window.sessionStorage.setItem(sessionStorageKeys.verifiedPhoneToken, 'proof-old');
    fakeApi({
      '/v1/auth/phone-session': () =>
        Response.json({ error: { code: 'UNAUTHORIZED', message: 'expired' } }, { status: 401 }),
    });
    const user = userEvent.setup();
    renderApp(paths.connect);
    await user.click(await screen.findByRole('button', { name: 'Continue with my phone number' }));
    expect(
      await screen.findByText('Your phone verification has expired. Please verify your number again.'),
    ).toBeInTheDocument();
  });
});
