import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRoutes, ScreenRouter } from '@/app/router';
import { userQueryKey } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the router on the browser history, as the app runs it', () => {
  it('shows a page whose screen is still to load once its code is in, the previous page until then', async () => {
    fakeApi();
    window.history.replaceState(null, '', '/privacy');
    const history = createBrowserHistory({ v5Compat: true });
    render(
      <AppProvider queryClient={createQueryClient()} env="test">
        <ScreenRouter history={history}>
          <AppRoutes />
        </ScreenRouter>
      </AppProvider>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    act(() => history.push('/terms'));
    // The terms screen's code was not loaded: privacy stays until it is.
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/terms');
  }, 20_000);

  it('logs out to /login, forgetting the cached answers only once the signed-in screens are gone', async () => {
    fakeApi();
    const { router, queryClient } = renderApp('/integrations', { user: { name: 'Ada Lovelace' } });
    const clearedOn: string[] = [];
    const clear = queryClient.clear.bind(queryClient);
    vi.spyOn(queryClient, 'clear').mockImplementation(() => {
      clearedOn.push(router.state.location.pathname);
      clear();
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: /Account menu for Ada Lovelace/ }, { timeout: 10_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    // This file has not loaded the sign-in screen's code: the signed-in screen stays until it is.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(await screen.findByRole('button', { name: 'Connect with Gmail' })).toBeInTheDocument();
    // Cleared while a signed-in screen was still up, its queries could ask again without a session.
    expect(clearedOn).toEqual(['/login']);
    expect(queryClient.getQueryData(userQueryKey)).toBeUndefined();
  }, 30_000);
});
