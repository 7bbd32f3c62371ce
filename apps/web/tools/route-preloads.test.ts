import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { preloadsFor, type RouteChunks } from './route-preloads';

const web = join(import.meta.dirname, '..', '/');
const routeChunks = JSON.parse(readFileSync(join(web, 'src/app/route-chunks.json'), 'utf8')) as RouteChunks;
const only = (pub: Record<string, string[]>, signedIn: Record<string, string[]> = {}): RouteChunks => ({
  everyPage: [],
  public: pub,
  signedIn,
});

function chunk(fileName: string, facade: string | null, imports: string[], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: facade ? `${web}${facade}` : null,
    imports,
    isEntry,
    viteMetadata: { importedCss: new Set(fileName.startsWith('assets/page') ? ['assets/page.css'] : []) },
  };
}

describe('route preloads', () => {
  it("name a screen's chunk and what it imports, less what the page already loads", () => {
    const bundle = {
      a: chunk('assets/index.js', 'src/main.tsx', ['assets/framework.js'], true),
      b: chunk('assets/framework.js', null, []),
      c: chunk('assets/page.js', 'src/features/x/page.tsx', ['assets/framework.js', 'assets/shared.js']),
      d: chunk('assets/shared.js', null, []),
    } as unknown as OutputBundle;
    expect(preloadsFor(only({ '/x': ['src/features/x/page.tsx'] }), bundle, web)).toEqual({
      '*': { scripts: [], styles: [] },
      '/x': { scripts: ['/assets/page.js', '/assets/shared.js'], styles: ['/assets/page.css'] },
    });
    expect(() => preloadsFor(only({ '/y': ['src/features/y/gone.tsx'] }), bundle, web)).toThrow(/no chunk/);
  });

  it("name the app's code for every page, leave it out of each screen's list, and mark the signed-in screens", () => {
    const bundle = {
      a: chunk('assets/index.js', 'src/main.tsx', [], true),
      s: chunk('assets/start.js', 'src/start.tsx', ['assets/framework.js']),
      b: chunk('assets/framework.js', null, []),
      c: chunk('assets/page.js', 'src/features/x/page.tsx', ['assets/framework.js', 'assets/shared.js']),
      d: chunk('assets/shared.js', null, []),
      e: chunk('assets/billing.js', 'src/features/b/billing.tsx', ['assets/shared.js']),
    } as unknown as OutputBundle;
    const routes = {
      ...only({ '/x': ['src/features/x/page.tsx'] }, { '/b': ['src/features/b/billing.tsx'] }),
      everyPage: ['src/start.tsx'],
    };
    expect(preloadsFor(routes, bundle, web)).toEqual({
      '*': { scripts: ['/assets/start.js', '/assets/framework.js'], styles: [] },
      '/x': { scripts: ['/assets/page.js', '/assets/shared.js'], styles: ['/assets/page.css'] },
      '/b': { scripts: ['/assets/billing.js', '/assets/shared.js'], styles: [], signedIn: true },
    });
  });

  it('name each path once, public and signed-in apart, each module one that routes.tsx loads on demand', () => {
    const routes = readFileSync(join(web, 'src/app/routes.tsx'), 'utf8');
    expect(Object.keys(routeChunks.public).sort()).toEqual(
      [paths.login, paths.connect, paths.verification, paths.privacy, paths.terms, paths.appleGuide].sort(),
    );
    expect(Object.keys(routeChunks.signedIn).sort()).toEqual(
      [paths.root, paths.integrations, paths.assistant, paths.billing, paths.contact, paths.account].sort(),
    );
    expect(routeChunks.everyPage).toEqual(['src/start.tsx']);
    expect(readFileSync(join(web, 'src/main.tsx'), 'utf8')).toContain("import('./start')");
    for (const [path, modules] of [
      ...Object.entries(routeChunks.public),
      ...Object.entries(routeChunks.signedIn),
    ]) {
      for (const module of modules) {
        const specifier = module.replace(/^src\//, '').replace(/\.tsx?$/, '');
        expect(routes, `${path}: ${module}`).toMatch(
          new RegExp(`import\\('(@/|\\./)${specifier.replace(/^app\//, '(app/)?')}'\\)`),
        );
      }
    }
  });
});
