import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = join(__dirname, '..', '..');
const contract = join(web, '..', '..', '..', 'packages', 'contract', 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const sources = [...files(web), ...files(contract)].map((path) => ({
  path: relative(join(web, '..', '..', '..'), path),
  text: readFileSync(path, 'utf8'),
}));

/**
 * Helpers written a second time drift apart (issue 19, 3.4): the token display, the date and
 * the card of a signed-in screen each have one home that the screens share.
 */
describe('one definition of what screens share', () => {
  it.each(['formatTokens', 'formatDate', 'formatDateTime', 'intlLocale'])('%s is defined once', (name) => {
    const homes = sources
      .filter(({ text }) => new RegExp(`(?:function|const)\\s+${name}\\b`).test(text))
      .map(({ path }) => path);
    expect(homes).toHaveLength(1);
  });

  it('a feature draws no section card of its own: it uses the shared one', () => {
    const own = sources
      .filter(({ path }) => path.includes(`${sep}features${sep}`))
      .filter(({ text }) => /<Card\b[^>]*component="section"/s.test(text))
      .map(({ path }) => path);
    expect(own).toEqual([]);
  });
});
