import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { errorAnswer, serveAccount, sessionFixtures } from './fixtures';

// The first render waits for the screen's chunk and its translations.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const devicesCard = () => screen.findByRole('region', { name: 'Devices' });
const rows = (card: HTMLElement) => within(card).getAllByRole('listitem');

describe('devices', () => {
  it('lists every session, this device first and marked, with no sign-out for it', async () => {
    serveAccount();
    renderApp('/account', { user: {} });
    const card = await devicesCard();
    await waitFor(() => expect(rows(card)).toHaveLength(3));
    const [first, second, third] = rows(card) as [HTMLElement, HTMLElement, HTMLElement];

    expect(first).toHaveTextContent('Chrome on macOS');
    expect(within(first).getByText('This device')).toBeInTheDocument();
    expect(first).toHaveTextContent('Phone sign-in · Network 203.0.113.x');
    expect(first).toHaveTextContent('Active now');
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();

    // The others, the most recently active first.
    expect(second).toHaveTextContent('Safari on iOS');
    expect(second).toHaveTextContent('Google sign-in · Network 198.51.100.x');
    const signedIn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
      new Date(sessionFixtures()[2]!.createdAt),
    );
    expect(second).toHaveTextContent(`Signed in ${signedIn} · Last active 2 hours ago`);
    expect(within(second).queryByText('This device')).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeEnabled();

    expect(third).toHaveTextContent('Firefox on Windows');
    expect(within(third).getByText('Microsoft sign-in')).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Sign out Firefox on Windows' })).toBeEnabled();
  });

  it('words what the user agent did not say', async () => {
    serveAccount({
      sessions: [
        { ...sessionFixtures()[1]!, device: { browser: null, os: null, type: 'unknown' } },
        { ...sessionFixtures()[0]!, device: { browser: null, os: 'Android', type: 'mobile' } },
        { ...sessionFixtures()[2]!, device: { browser: 'Edge', os: null, type: 'unknown' } },
      ],
    });
    renderApp('/account', { user: {} });
    const card = await devicesCard();
    expect(await within(card).findByText('Unknown device')).toBeInTheDocument();
    expect(within(card).getByText('Unknown browser on Android')).toBeInTheDocument();
    expect(within(card).getByText('Edge on an unknown device')).toBeInTheDocument();
  });

  it('signs one device out: the call, the toast, and the row is gone', async () => {
    const user = userEvent.setup();
    const { sent } = serveAccount();
    renderApp('/account', { user: {} });
    const card = await devicesCard();
    await user.click(await within(card).findByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByText('The device was signed out.')).toBeInTheDocument();
    expect(sent('/v1/account/sessions/s-phone', 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(rows(card)).toHaveLength(2));
    expect(within(card).queryByText('Safari on iOS')).not.toBeInTheDocument();
    // The activity is read again: it gains the event.
    await waitFor(() => expect(sent('/v1/account/activity')).toHaveLength(2));
  });

  it('a failed sign-out says so and keeps the row', async () => {
    const user = userEvent.setup();
    serveAccount({ answers: { '/v1/account/sessions/s-phone': errorAnswer(500, 'INTERNAL') } });
    renderApp('/account', { user: {} });
    const card = await devicesCard();
    await user.click(await within(card).findByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(
      await screen.findByText('The device could not be signed out. Please try again.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Safari on iOS')).toBeInTheDocument();
  });

  it('signs out all other devices, says how many, and leaves this one alone', async () => {
    const user = userEvent.setup();
    const { sent } = serveAccount();
    renderApp('/account', { user: {} });
    const card = await devicesCard();
    await waitFor(() => expect(rows(card)).toHaveLength(3));
    await user.click(within(card).getByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText('Signed out 2 other devices.')).toBeInTheDocument();
    expect(sent('/v1/account/sessions/revoke-others', 'POST')).toHaveLength(1);
    await waitFor(() => expect(rows(card)).toHaveLength(1));
    expect(rows(card)[0]).toHaveTextContent('This device');
    expect(within(card).getByText('No other device is signed in.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sign out all other devices' })).toBeDisabled();
  });

  it('with only this device, there is nobody else to sign out', async () => {
    serveAccount({ sessions: sessionFixtures().filter((s) => s.current) });
    renderApp('/account', { user: {} });
    const card = await devicesCard();
    expect(await within(card).findByText('No other device is signed in.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sign out all other devices' })).toBeDisabled();
  });

  it('a list that fails to load says so, and Try again reads it again', async () => {
    const user = userEvent.setup();
    let fail = true;
    serveAccount({
      answers: {
        '/v1/account/sessions': () =>
          fail
            ? errorAnswer(403, 'FORBIDDEN')()
            : Response.json({ sessions: sessionFixtures().filter((s) => s.current) }),
      },
    });
    renderApp('/account', { user: {} });
    const card = await devicesCard();
    expect(await within(card).findByText('We could not load your devices.')).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('This device')).toBeInTheDocument();
  });
});
