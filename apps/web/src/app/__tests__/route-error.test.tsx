import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

// The contact screen's file fails to arrive, as after a deploy that removed it.
vi.mock('@/features/contact/components/contact-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeEach(() => {
  fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('a screen whose code does not load', () => {
  it("says 'Loading chunk contact failed' with the way out, in place of the page", async () => {
    renderApp(paths.contact, { user: { name: 'Ada Lovelace' } });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Loading chunk contact failed' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('A newer version of the app may be available.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  }, 20_000);
});
