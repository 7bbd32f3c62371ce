import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/return-path';

describe('safeReturnPath (design §5: return URLs are same-origin paths)', () => {
  it.each(['/integrations', '/billing', '/billing?tab=invoices#latest', '/calendar/settings'])(
    'keeps the path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/integrations'],
    ['absolute', 'https://evil.example'],
    ['absolute on this host', 'http://localhost:3000/integrations'],
    ['backslash', '/\\evil.example'],
    ['backslash inside', '/integrations\\..\\..\\evil'],
    ['script', 'javascript:alert(1)'],
    ['data', 'data:text/html,hi'],
    ['encoded slashes', '%2F%2Fevil.example'],
    ['relative', 'integrations'],
    ['leading space', ' /integrations'],
    ['tab after the slash (browsers drop it: //evil)', '/\t/evil.example'],
    ['line break after the slash', '/\n/evil.example'],
    ['empty', ''],
  ])('refuses %s: %j', (_, value) => {
    expect(safeReturnPath(value)).toBe('/integrations');
  });

  it('refuses nothing stored, and takes another fallback when given', () => {
    expect(safeReturnPath(null)).toBe('/integrations');
    expect(safeReturnPath(undefined, '/login')).toBe('/login');
  });

  it('keeps an encoded path on this site as a path on this site', () => {
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});
