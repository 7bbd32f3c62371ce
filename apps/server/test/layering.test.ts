import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
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
  return [...readFileSync(path, 'utf8').matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)].map(
    (m) => m[1]!,
  );
}

const modules = join(src, 'modules');

/**
 * Which module may use which (bulletproof-react's import zones, for the server's modules): an
 * arrow is declared here before one module imports another, and the arrows never go round in a
 * circle, so each module can be read, tested and changed knowing only what it points at.
 */
const MODULE_USES: Record<string, readonly string[]> = {
  account: ['billing', 'connections', 'mail-outbox', 'security-events', 'sms-outbox', 'users'],
  'app-config': [],
  // The scheduling loop (issue 32) asks and books with the pure slot finder's answers.
  assistant: ['billing', 'scheduling', 'sms-outbox', 'usage', 'users', 'workspace'],
  apple: ['connections', 'security-events', 'workspace'],
  auth: ['security-events', 'sms-outbox', 'users'],
  billing: ['security-events', 'users'],
  'change-feed': ['connections', 'sms-outbox', 'users', 'workspace'],
  connections: ['security-events', 'sms-outbox', 'users'],
  contact: ['billing', 'connections', 'integrations', 'mail-outbox', 'users'],
  dev: [],
  events: ['workspace'],
  health: [],
  integrations: ['connections', 'security-events'],
  'internal-api': ['connections', 'users', 'workspace'],
  'mail-outbox': [],
  oauth: ['auth', 'connections', 'integrations', 'security-events', 'users'],
  'phone-mapping': ['auth', 'connections', 'security-events', 'users'],
  retention: [],
  // Pure slot finding (issue 32): the loop that asks and books builds on it, never the reverse.
  scheduling: [],
  'security-events': [],
  'sms-outbox': [],
  usage: ['billing', 'internal-api', 'mail-outbox', 'sms-outbox', 'users'],
  users: [],
  workspace: ['connections', 'integrations', 'users'],
};

/** Every import from one module into another, as [from, to, file]. */
function moduleImports(): [string, string, string][] {
  return files(modules).flatMap((path) => {
    const from = relative(modules, path).split(sep)[0]!;
    return importsOf(path)
      .filter((target) => target.startsWith('.'))
      .map((target) => relative(modules, resolve(dirname(path), target)).split(sep))
      .filter((parts) => parts.length > 1 && parts[0] !== '..' && parts[0] !== from)
      .map((parts): [string, string, string] => [from, parts[0]!, relative(src, path)]);
  });
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

  it('sends every SMS through the SMS outbox: nothing else holds the SMS port', () => {
    // The outbox checks the opt-out, fits the segments, retries, caps and sends once (issue 29).
    const outbox = join(modules, 'sms-outbox');
    const port = join(src, 'providers', 'sms');
    const offenders = files(src)
      .filter((path) => !path.startsWith(outbox + sep) && !path.startsWith(port + sep))
      .filter((path) => /\bsms\.send\(|\bapp\.sms\b|\bdeps\.sms\b/.test(readFileSync(path, 'utf8')))
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

  it('declares every module, and only modules that exist', () => {
    const folders = readdirSync(modules).filter((name) => statSync(join(modules, name)).isDirectory());
    expect(Object.keys(MODULE_USES).sort()).toEqual(folders.sort());
  });

  it('imports between modules only along a declared arrow', () => {
    const undeclared = moduleImports()
      .filter(([from, to]) => !MODULE_USES[from]?.includes(to))
      .map(([from, to, file]) => `${from} -> ${to} (${file})`);
    expect(undeclared).toEqual([]);
  });

  it('declares only arrows that are used, so the list stays the map', () => {
    const used = new Set(moduleImports().map(([from, to]) => `${from} -> ${to}`));
    const unused = Object.entries(MODULE_USES)
      .flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`))
      .filter((arrow) => !used.has(arrow));
    expect(unused).toEqual([]);
  });

  it('declares no circle: no module reaches itself along the arrows', () => {
    const reaches = (from: string, target: string, seen: Set<string>): boolean =>
      (MODULE_USES[from] ?? []).some((next) => {
        if (next === target) return true;
        if (seen.has(next)) return false;
        seen.add(next);
        return reaches(next, target, seen);
      });
    expect(Object.keys(MODULE_USES).filter((name) => reaches(name, name, new Set()))).toEqual([]);
  });
});
