import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(__dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](@\/[^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Bulletproof-react's rule: shared -> features -> app, and features never import each other. */
describe('import boundaries', () => {
  const all = files(src).filter(
    (f) => !f.includes(`${sep}__tests__${sep}`) && !f.includes(`${sep}testing${sep}`),
  );

  it('features do not import other features or the app', () => {
    const offences: string[] = [];
    for (const file of all.filter((f) => relative(src, f).startsWith(`features${sep}`))) {
      const feature = relative(src, file).split(sep)[1];
      for (const spec of imports(file)) {
        if (spec.startsWith('@/app/')) offences.push(`${relative(src, file)} -> ${spec}`);
        const match = /^@\/features\/([^/]+)/.exec(spec);
        if (match && match[1] !== feature) offences.push(`${relative(src, file)} -> ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('shared code (components, lib, config) imports no feature and no app module', () => {
    const shared = all.filter((f) => /^(components|lib|config)[/\\]/.test(relative(src, f)));
    const offences = shared.flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith('@/features/') || spec.startsWith('@/app/'))
        .map((spec) => `${relative(src, file)} -> ${spec}`),
    );
    expect(offences).toEqual([]);
  });
});
