import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
// The package's root, from its CommonJS entry (its exports do not list package.json).
const core = resolve(dirname(require.resolve('@mantine/core')), '..');
const esm = join(core, 'esm');

/** Where each name @mantine/core exports comes from, read off its index. */
function exportSources(): Map<string, string> {
  const index = readFileSync(join(esm, 'index.mjs'), 'utf8');
  const sources = new Map<string, string>();
  for (const match of index.matchAll(/import \{([^}]+)\} from "(\.\/[^"]+)"/g)) {
    for (const name of (match[1] as string).split(',')) {
      const local = name.trim().split(/\s+as\s+/)[0] as string;
      sources.set(local, join(esm, match[2] as string));
    }
  }
  return sources;
}

/** Every @mantine/core file a module reaches through its relative imports. */
function reach(start: string, seen: Set<string>): void {
  if (seen.has(start) || !existsSync(start)) return;
  seen.add(start);
  for (const match of readFileSync(start, 'utf8').matchAll(/from "(\.[^"]+\.mjs)"/g))
    reach(resolve(dirname(start), match[1] as string), seen);
}

/** The names a source file imports from @mantine/core. */
function importedNames(source: string): string[] {
  return [...source.matchAll(/import \{([^}]+)\} from ['"]@mantine\/core['"]/g)].flatMap((match) =>
    (match[1] as string)
      .split(',')
      .map((name) => name.trim().replace(/^type\s+/, ''))
      .filter((name) => name && !/^[A-Z]\w*Props$/.test(name)),
  );
}

/**
 * The stylesheets of @mantine/core that the app's components need: the base three, then each
 * component reached from what `sourceFiles` import (a Modal brings ModalBase, Overlay and
 * CloseButton), in the order @mantine/core's own full stylesheet has them. The full sheet is
 * 295 KB, most of it for components the app never draws, and all of it blocks the first paint.
 */
export function mantineStylesheets(sourceFiles: string[]): string[] {
  const sources = exportSources();
  const reached = new Set<string>();
  for (const file of sourceFiles) {
    for (const name of importedNames(readFileSync(file, 'utf8'))) {
      const from = sources.get(name);
      if (from) reach(from, reached);
    }
  }
  const components = new Set(
    [...reached]
      // Most stylesheets are a component's; a few are shared parts under utils/ (InlineInput lays
      // out the label of every Switch, Checkbox and Radio).
      .map((file) => /[\\/](?:components|utils)[\\/]([^\\/]+)[\\/]/.exec(file)?.[1])
      .filter(Boolean) as string[],
  );
  const full = readFileSync(join(core, 'styles.css'), 'utf8');
  const position = (name: string) => {
    const css = readFileSync(join(core, 'styles', `${name}.css`), 'utf8');
    const at = full.indexOf(css.slice(0, 200));
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const sheets = [...components]
    .filter((name) => existsSync(join(core, 'styles', `${name}.css`)))
    .sort((a, b) => position(a) - position(b));
  return ['baseline', 'default-css-variables', 'global', ...sheets].map(
    (name) => `@mantine/core/styles/${name}.css`,
  );
}

/** The Mantine packages besides core that the app uses draw core's components too. */
const COMPANIONS = ['@mantine/notifications', '@mantine/charts'];

/** The web app's source files (tests and test helpers left out), and its Mantine companions' modules. */
export function appSourceFiles(srcDir: string): string[] {
  const appRequire = createRequire(join(srcDir, 'main.tsx'));
  const companions = COMPANIONS.flatMap((name) => {
    const dir = join(resolve(dirname(appRequire.resolve(name)), '..'), 'esm');
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.mjs'))
      .map((entry) => join(entry.parentPath, entry.name));
  });
  return [...companions, ...ownSources(srcDir)];
}

function ownSources(srcDir: string): string[] {
  return readdirSync(srcDir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !/[\\/](__tests__|testing)([\\/]|$)/.test(entry.parentPath),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Fills `placeholder` (a stylesheet in the app that holds only a comment) with `@import`s of
 * the stylesheets mantineStylesheets finds for the app's sources, at build and in dev.
 */
export function mantineStyles(placeholder: string, srcDir: string): Plugin {
  return {
    name: 'mantine-styles',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== placeholder) return null;
      const sheets = mantineStylesheets(appSourceFiles(srcDir));
      return sheets.map((sheet) => `@import '${sheet}';`).join('\n');
    },
  };
}
