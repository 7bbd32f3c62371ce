import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRoutes, ScreenRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi } from '@/testing/fake-api';
// English texts, as every test of the app has them.
import '@/testing/render-app';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';

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
});
