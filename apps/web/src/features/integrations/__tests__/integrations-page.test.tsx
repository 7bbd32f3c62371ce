import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emulateDesktop, emulatePhone } from '@/testing/device';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import {
  googleConnected,
  microsoftBroken,
  microsoftNothingGranted,
  notConnected,
  statusResponse,
} from './fixtures';

let status = statusResponse();

// The first render of a file loads the lazy route and the page's chunks.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
let calls: ReturnType<typeof fakeApi>;

beforeEach(() => {
  status = statusResponse();
  calls = fakeApi({
    '/v1/integrations/status': () => Response.json(status),
    '/v1/phone-mapping': () => Response.json({ phoneNumber: '+61412345678', isLinked: true }),
    '/v1/disconnect/google': () =>
      Response.json({ success: true, message: 'Google disconnected successfully.' }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const statusCalls = () => calls.filter((c) => c.path === '/v1/integrations/status').length;

describe('integrations rows', () => {
  it('shows Google connected, Microsoft with Reconnect and its reason, Apple with Connect, and no Facebook row', async () => {
    renderApp('/integrations', { user: {} });
    expect(await screen.findByRole('button', { name: 'Google: connected. Show details' })).toHaveTextContent(
      'Connected',
    );
    expect(screen.getByText('ada.lovelace@gmail.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconnect Microsoft' })).toHaveTextContent('Reconnect');
    expect(screen.getByText('Needs reconnecting')).toBeInTheDocument();
    expect(screen.getByText('Access was withdrawn at Microsoft. Reconnect to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Apple iCloud' })).toHaveTextContent('Connect');
    expect(screen.queryByText('Facebook')).not.toBeInTheDocument();
  });

  it("explains each reason, Apple's revoked password included, and shows Facebook once it has a state", async () => {
    status = statusResponse({
      google: { ...googleConnected, status: 'needs_reconnect', reason: 'token_expired' },
      apple: {
        ...notConnected,
        email: 'ada@icloud.com',
        status: 'needs_reconnect',
        reason: 'apple_password_revoked',
      },
      facebook: { ...googleConnected, email: 'ada@facebook.test' },
    });
    renderApp('/integrations', { user: {} });
    expect(
      await screen.findByText('The connection to Google expired. Reconnect to continue.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/The app-specific password stopped working/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Facebook: connected. Show details' })).toBeInTheDocument();
  });

  it('shows a loading state until the status arrives', async () => {
    let release: () => void = () => undefined;
    fakeApi({
      '/v1/integrations/status': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(Response.json(status));
        }),
    });
    renderApp('/integrations', { user: {} });
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    release();
    await screen.findByRole('button', { name: 'Connect Apple iCloud' });
    expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument();
  });

  it('opens the messages app with an sms: link to the chat number from the app config, and shows the linked phone', async () => {
    renderApp('/integrations', { user: {} });
    expect(await screen.findByRole('link', { name: 'Open Messages' })).toHaveAttribute(
      'href',
      'sms:+15550100000',
    );
    expect(screen.getByText('Mobile Phone')).toBeInTheDocument();
    expect(await screen.findByText('+61 412 345 678')).toBeInTheDocument();
    expect(screen.getByText('Linked')).toBeInTheDocument();
  });

  it('keeps a phone number on one line: the chat number and the linked phone break only around it (issue 19, 2.7)', async () => {
    renderApp('/integrations', { user: {} });
    const chat = await screen.findByText(/^Text .* from your phone$/);
    expect(chat.textContent).toBe('Text +1\u00a0555\u00a0010\u00a00000 from your phone');
    expect((await screen.findByText('+61 412 345 678')).textContent).toBe('+61\u00a0412\u00a0345\u00a0678');
  });

  it('cuts a long email with an ellipsis on one line, and shows it whole on hover or focus (issue 19, 2.7)', async () => {
    const long = 'alexandra.konstantinopoulou.personal@example-university.edu';
    status = statusResponse({ google: { ...googleConnected, email: long } });
    // jsdom lays nothing out: the address is as wide as three of the space it has.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300);
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const email = await screen.findByText(long);
    // One piece of text (no break after the '@'), cut by the stylesheet, never in the page.
    expect(email.textContent).toBe(long);
    expect(email).toHaveAttribute('data-truncate', 'end');
    expect(email).toHaveAttribute('tabindex', '0');
    await user.tab();
    while (document.activeElement !== email && document.activeElement !== document.body) await user.tab();
    expect(email).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await user.hover(email);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
  });

  it('links to the Apple guide', async () => {
    renderApp('/integrations', { user: {} });
    expect(await screen.findByRole('link', { name: 'Apple iCloud guide' })).toHaveAttribute(
      'href',
      '/apple-integration-guide',
    );
  });

  it('Connect hands the window to the provider through oauth-init, with the button loading meanwhile', async () => {
    status = statusResponse({ google: notConnected });
    let release: (() => void) | undefined;
    fakeApi({
      '/v1/integrations/status': () => Response.json(status),
      '/v1/phone-mapping': () => Response.json({ phoneNumber: null, isLinked: false }),
      '/v1/google/oauth-init/auth': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(Response.json({ authUrl: 'http://localhost/#provider' }));
        }),
    });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const button = await screen.findByRole('button', { name: 'Connect Google' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    // The button shows loading before the request leaves; release the answer only once it was asked for.
    await waitFor(() => expect(release).toBeDefined());
    release?.();
    await waitFor(() => expect(window.sessionStorage.getItem('oauth_provider')).toBe('google'));
    expect(window.sessionStorage.getItem('oauth_return_url')).toBe('/integrations');
  });

  it.each([
    ['Google', 'google', { google: notConnected }, 'Failed to connect Google Calendar. Please try again.'],
    [
      'Microsoft',
      'azure',
      { microsoft: notConnected },
      'Failed to connect Microsoft Calendar. Please try again.',
    ],
    ['Facebook', 'facebook', { facebook: microsoftBroken }, 'Failed to connect Facebook. Please try again.'],
  ] as const)(
    "a %s Connect that cannot start toasts the spec's text at the bottom and logs 'Failed to get ... OAuth URL' (issue 19, 2.1)",
    async (name, slug, rows, toast) => {
      status = statusResponse(rows);
      fakeApi({
        '/v1/integrations/status': () => Response.json(status),
        '/v1/phone-mapping': () => Response.json({ phoneNumber: null, isLinked: false }),
        [`/v1/${slug}/oauth-init/auth`]: () => new Response('down', { status: 502 }),
      });
      const show = vi.spyOn(notifications, 'show');
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const user = userEvent.setup();
      renderApp('/integrations', { user: {} });
      const button = await screen.findByRole('button', {
        name: slug === 'facebook' ? `Reconnect ${name}` : `Connect ${name}`,
      });
      await user.click(button);
      expect(await screen.findByText(toast)).toBeInTheDocument();
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', autoClose: 5000, position: 'bottom-center' }),
        // Into the store of the toasts drawn after the page's last row.
        expect.anything(),
      );
      expect(logged).toHaveBeenCalledWith(`Failed to get ${name} OAuth URL`, expect.anything());
      expect(screen.queryByText(`Failed to get ${name} OAuth URL`)).toBeNull();
      expect(window.sessionStorage.getItem('oauth_provider')).toBeNull();
      await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    },
  );

  it('a connection with nothing granted is not shown as Connected: it says so and Grant access asks the provider again (issue 19, 2.8)', async () => {
    status = statusResponse({ microsoft: microsoftNothingGranted });
    fakeApi({
      '/v1/integrations/status': () => Response.json(status),
      '/v1/phone-mapping': () => Response.json({ phoneNumber: null, isLinked: false }),
      '/v1/azure/oauth-init/auth': () => Response.json({ authUrl: 'http://localhost/#provider' }),
    });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const grant = await screen.findByRole('button', { name: 'Grant access to Microsoft' });
    expect(screen.queryByRole('button', { name: 'Microsoft: connected. Show details' })).toBeNull();
    const row = grant.closest('li')!;
    expect(within(row).getByText('ada@outlook.com')).toBeInTheDocument();
    expect(within(row).getByText('No access granted')).toBeInTheDocument();
    expect(
      within(row).getByText(
        'Nothing was allowed when Microsoft was connected, so your assistant cannot use it. Grant access to choose what it may use.',
      ),
    ).toBeInTheDocument();
    // Google, granted in full, is still simply Connected.
    expect(screen.getByRole('button', { name: 'Google: connected. Show details' })).toBeInTheDocument();
    await user.click(grant);
    await waitFor(() => expect(window.sessionStorage.getItem('oauth_provider')).toBe('microsoft'));
    expect(window.sessionStorage.getItem('oauth_return_url')).toBe('/integrations');
  });

  it('shows its bottom toast in the page after the last row, one at a time, not over the rows (issue 19, 2.6)', async () => {
    status = statusResponse({ google: notConnected, microsoft: notConnected });
    fakeApi({
      '/v1/integrations/status': () => Response.json(status),
      '/v1/phone-mapping': () => Response.json({ phoneNumber: null, isLinked: false }),
      '/v1/google/oauth-init/auth': () => new Response('down', { status: 502 }),
      '/v1/azure/oauth-init/auth': () => new Response('down', { status: 502 }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Connect Google' }));
    const first = await screen.findByText('Failed to connect Google Calendar. Please try again.');
    const main = screen.getByRole('main');
    const lastRow = screen.getByRole('link', { name: 'Apple iCloud guide' });
    expect(main).toContainElement(first);
    expect(lastRow.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Connect Microsoft' }));
    expect(
      await screen.findByText('Failed to connect Microsoft Calendar. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Failed to connect Google Calendar. Please try again.')).toBeNull(),
    );
  });

  it('?reconnect=microsoft (the reconnect text message) highlights that row and focuses its Reconnect button', async () => {
    renderApp('/integrations?reconnect=microsoft', { user: {} });
    const button = await screen.findByRole('button', { name: 'Reconnect Microsoft' });
    expect(screen.getByText('Your Microsoft connection needs to be reconnected.')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
    expect(button.closest('li')).toHaveAttribute('data-highlighted', 'true');
  });

  it('?reconnect= for a connection that is fine changes nothing', async () => {
    renderApp('/integrations?reconnect=google', { user: {} });
    await screen.findByRole('button', { name: 'Google: connected. Show details' });
    expect(screen.queryByText(/needs to be reconnected/)).not.toBeInTheDocument();
  });

  it('is in Chinese too', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('zh');
    try {
      renderApp('/integrations', { user: {} });
      expect(await screen.findByRole('button', { name: '重新连接 Microsoft' })).toBeInTheDocument();
      expect(screen.getByText('Microsoft 的访问授权已被撤销，请重新连接。')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('connection details', () => {
  it('is a centred modal on a desktop: provider, email, each permission Connected, no drag handle', async () => {
    emulateDesktop();
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Google: connected. Show details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Google connection' });
    expect(within(dialog).getByText('ada.lovelace@gmail.com')).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Permissions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['EmailConnected', 'CalendarConnected', 'ContactsConnected']);
    expect(within(dialog).queryByRole('slider')).not.toBeInTheDocument();
  });

  it('is a bottom sheet on a phone, opening at half height; the handle snaps to 0.75, 0.5 and 0 (closed)', async () => {
    emulatePhone();
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Google: connected. Show details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Google connection' });
    const handle = within(dialog).getByRole('slider', { name: /Sheet height/ });
    expect(handle).toHaveAttribute('aria-valuenow', '50');
    handle.focus();
    await user.keyboard('{ArrowUp}');
    expect(handle).toHaveAttribute('aria-valuenow', '75');
    expect(handle).toHaveAttribute('aria-valuetext', '75% of the screen');
    await user.keyboard('{ArrowUp}');
    expect(handle).toHaveAttribute('aria-valuenow', '75');
    await user.keyboard('{ArrowDown}');
    expect(handle).toHaveAttribute('aria-valuenow', '50');
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Google connection' })).not.toBeInTheDocument(),
    );
  });

  it('closes with Escape', async () => {
    emulatePhone();
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Google: connected. Show details' }));
    await screen.findByRole('dialog', { name: 'Google connection' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("lists only what was granted, and says 'No permissions data available' when nothing was", async () => {
    status = statusResponse({
      google: {
        ...googleConnected,
        services: [
          { serviceType: 'calendar', integrationKey: 'k', isEnabled: true, isGranted: true },
          { serviceType: 'email', integrationKey: 'k2', isEnabled: false, isGranted: false },
        ],
      },
      facebook: { ...googleConnected, services: [] },
    });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Google: connected. Show details' }));
    const list = within(await screen.findByRole('dialog')).getByRole('list', { name: 'Permissions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CalendarConnected']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Facebook: connected. Show details' }));
    expect(await screen.findByText('No permissions data available')).toBeInTheDocument();
  });
});

describe('disconnect', () => {
  async function openConfirm(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Google: connected. Show details' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    return screen.findByRole('dialog', { name: 'Disconnect Google?' });
  }

  it('asks first; Cancel keeps the connection', async () => {
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const confirm = await openConfirm(user);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Disconnect Google?' })).not.toBeInTheDocument(),
    );
    expect(calls.some((c) => c.path === '/v1/disconnect/google')).toBe(false);
  });

  it('on confirmation calls DELETE /disconnect/google, toasts at the bottom for 5 s, and refreshes the status', async () => {
    const show = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const confirm = await openConfirm(user);
    const before = statusCalls();
    status = statusResponse({ google: notConnected });
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Google disconnected successfully.')).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/v1/disconnect/google');
    expect(call?.init?.method).toBe('DELETE');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', autoClose: 5000, position: 'bottom-center' }),
      // Into the store of the toasts drawn after the page's last row.
      expect.anything(),
    );
    expect(await screen.findByRole('button', { name: 'Connect Google' })).toBeInTheDocument();
    expect(statusCalls()).toBeGreaterThan(before);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("toasts 'Failed to disconnect Google.' when the server fails", async () => {
    fakeApi({
      '/v1/integrations/status': () => Response.json(status),
      '/v1/phone-mapping': () => Response.json({ phoneNumber: null, isLinked: false }),
      '/v1/disconnect/google': () => new Response('nope', { status: 502 }),
    });
    const user = userEvent.setup();
    renderApp('/integrations', { user: {} });
    const confirm = await openConfirm(user);
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Failed to disconnect Google.')).toBeInTheDocument();
  });
});
