import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { initI18n } from '@/lib/i18n';
import { oauthReturnState } from '@/lib/oauth-return';
import { createQueryClient } from '@/lib/query-client';
import { emulateDesktop, emulatePhone } from '@/testing/device';
import { fakeApi } from '@/testing/fake-api';
import { signInAs } from '@/testing/render-app';
import { IntegrationsPage } from '../components/integrations-page';
import { statusResponse } from './fixtures';

initI18n({ lng: 'en' });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page alone (no lazy route), arriving the way the OAuth callback sends people back. */
function arrive(state: unknown) {
  signInAs();
  const calls = fakeApi({
    '/v1/integrations/status': () => Response.json(statusResponse()),
    '/v1/phone-mapping': () => Response.json({ phoneNumber: null, isLinked: false }),
  });
  const router = createMemoryRouter([{ path: '/integrations', element: <IntegrationsPage /> }], {
    initialEntries: [{ pathname: '/integrations', state }],
  });
  render(
    <AppProvider queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return () => calls.filter((c) => c.path === '/v1/integrations/status').length;
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('status recheck after a mobile OAuth return (spec §4)', () => {
  it('reads the status again exactly 1 s after a phone comes back from the provider', async () => {
    emulatePhone();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const statusCalls = arrive(oauthReturnState('google'));
    await advance(999);
    expect(statusCalls()).toBe(1);
    await advance(1);
    expect(statusCalls()).toBe(2);
    await advance(5000);
    expect(statusCalls()).toBe(2);
  });

  it('does not on a desktop', async () => {
    emulateDesktop();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const statusCalls = arrive(oauthReturnState('google'));
    await advance(3000);
    expect(statusCalls()).toBe(1);
  });

  it('does not when the page was opened any other way', async () => {
    emulatePhone();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const statusCalls = arrive(null);
    await advance(3000);
    expect(statusCalls()).toBe(1);
  });
});
