import { describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';

describe('newId', () => {
  it('makes UUIDv7 strings that sort in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId(1_790_000_000_000));
    expect(
      ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)),
    ).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
