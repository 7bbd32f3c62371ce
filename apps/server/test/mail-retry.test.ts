import { describe, expect, it } from 'vitest';
import { retryDelay } from '../src/modules/mail-outbox/worker';

describe('mail retry delay', () => {
  it('doubles per attempt from the base', () => {
    const exact = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, 30_000, exact))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
  });

  it('never waits more than an hour (plus jitter), however many attempts failed', () => {
    expect(retryDelay(40, 30_000, () => 0.5)).toBe(3_600_000);
    expect(retryDelay(40, 30_000, () => 1)).toBeLessThanOrEqual(3_600_000 * 1.2);
  });

  it('spreads retries by up to 20% either way', () => {
    expect(retryDelay(1, 10_000, () => 0)).toBe(8_000);
    expect(retryDelay(1, 10_000, () => 1)).toBe(12_000);
  });
});
