import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { billingInfo } from './billing-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

/** A browser's IntersectionObserver whose answers the test gives: nothing is in view until it says so. */
function stubIntersections() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
  return {
    /** Every observed element comes into view. */
    scrollIntoView: () =>
      act(() => {
        for (const { callback, targets } of observers)
          if (targets.length > 0)
            callback(
              targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
              {} as IntersectionObserver,
            );
      }),
  };
}

describe("the usage chart's code", () => {
  it('is asked for only once the chart comes near the window', async () => {
    const view = stubIntersections();
    fakeApi({ '/v1/billing/info': () => Response.json(billingInfo('trial')) });
    renderApp('/billing', { user: {} });
    // Below the fold: a placeholder of the chart's size, and the numbers as text meanwhile.
    expect(
      await screen.findByRole('status', { name: 'Loading chart…' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Tokens used per day/ })).toBeNull();
    view.scrollIntoView();
    expect(
      await screen.findByRole('img', { name: /Tokens used per day/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
