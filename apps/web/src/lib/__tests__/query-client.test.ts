import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

describe('query client defaults (spec §9)', () => {
  const defaults = createQueryClient().getDefaultOptions().queries!;
  const retry = defaults.retry as (failures: number, error: Error) => boolean;

  it('does not refetch on window focus', () => {
    expect(defaults.refetchOnWindowFocus).toBe(false);
  });

  it('retries a failed request once', () => {
    const error = new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
    expect(retry(0, error)).toBe(true);
    expect(retry(1, error)).toBe(false);
  });

  it('does not retry an answer the server meant, such as 404 or 429', () => {
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'gone'))).toBe(false);
    expect(retry(0, new ApiError(429, 'RATE_LIMITED', 'slow'))).toBe(false);
  });
});
