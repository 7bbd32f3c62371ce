import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messageBundle } from '@app/contract/messages';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, '..');

/** Every leaf as a dotted path; arrays count by index so both languages need the same items. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) =>
      leafPaths(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

/** The contract's catalogue is the `errors` namespace; the rest are this folder's JSON files. */
function load(lng: string, ns: string): Record<string, unknown> {
  if (ns === CATALOGUE) return messageBundle(lng as 'en' | 'zh');
  return JSON.parse(readFileSync(join(dir, lng, `${ns}.json`), 'utf8'));
}

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, String(value)]];
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

const CATALOGUE = 'errors';
const namespaces = [...readdirSync(join(dir, 'en')).map((file) => file.replace(/\.json$/, '')), CATALOGUE];

describe('translations', () => {
  it('have the same namespaces in en and zh', () => {
    expect(readdirSync(join(dir, 'zh')).sort()).toEqual(readdirSync(join(dir, 'en')).sort());
  });

  it('never write a catalogue text again in a locale file', () => {
    const catalogue = new Set(['en', 'zh'].flatMap((lng) => leaves(load(lng, CATALOGUE)).map(([, t]) => t)));
    const repeated = namespaces
      .filter((ns) => ns !== CATALOGUE)
      .flatMap((ns) =>
        ['en', 'zh'].flatMap((lng) =>
          leaves(load(lng, ns)).map(([key, text]) => [`${lng}/${ns}:${key}`, text]),
        ),
      )
      .filter(([, text]) => catalogue.has(text!))
      .map(([key]) => key);
    expect(repeated).toEqual([]);
  });

  it.each(namespaces)('%s: en and zh have exactly the same keys', (ns) => {
    expect(leafPaths(load('zh', ns)).sort()).toEqual(leafPaths(load('en', ns)).sort());
  });

  it.each(namespaces)('%s: every string keeps its placeholders and tags in both languages', (ns) => {
    const zh = new Map(leaves(load('zh', ns)));
    for (const [key, en] of leaves(load('en', ns))) {
      const other = zh.get(key) ?? '';
      expect(placeholders(other), key).toEqual(placeholders(en));
      expect(tags(other), key).toEqual(tags(en));
      expect(other.trim(), key).not.toBe('');
    }
  });
});
