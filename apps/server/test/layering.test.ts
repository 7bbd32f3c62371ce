import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(path: string): string[] {
  return [...readFileSync(path, 'utf8').matchAll(/^import[^;]*?from '([^']+)'/gms)].map((m) => m[1]!);
}

describe('server layering', () => {
  it.each(['plugins', 'providers', 'lib', 'db'])('%s never imports from modules', (folder) => {
    const offenders = files(join(src, folder)).flatMap((path) =>
      importsOf(path)
        .filter((target) => /(^|\/)modules\//.test(target))
        .map((target) => `${relative(src, path)} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('constructs no repository inside a routes file', () => {
    const offenders = files(join(src, 'modules'))
      .filter((path) => path.endsWith('routes.ts'))
      .filter((path) => /new \w+Repo\(/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(offenders).toEqual([]);
  });

  it('keeps SQL in repositories and db/', () => {
    const offenders = files(src)
      .filter((path) => !/(^|\/)(repo\.ts|db\/)/.test(relative(src, path)))
      .filter((path) => /\.(selectFrom|insertInto|updateTable|deleteFrom)\(/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(offenders).toEqual([]);
  });
});
