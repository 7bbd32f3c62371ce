import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { EVERY_PAGE, preloadsFor } from './route-preloads';

const web = join(import.meta.dirname, '..', '/');
const routeChunks = JSON.parse(readFileSync(join(web, 'src/app/route-chunks.json'), 'utf8')) as Record<
  string,
  string[]
>;

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
    expect(preloadsFor({ '/x': ['src/features/x/page.tsx'] }, bundle, web)).toEqual({
      '/x': { scripts: ['/assets/page.js', '/assets/shared.js'], styles: ['/assets/page.css'] },
    });
    expect(() => preloadsFor({ '/y': ['src/features/y/gone.tsx'] }, bundle, web)).toThrow(/no chunk/);
  });

  it("name the app's code for every page, and leave it out of each screen's list", () => {
    const bundle = {
      a: chunk('assets/index.js', 'src/main.tsx', [], true),
      s: chunk('assets/start.js', 'src/start.tsx', ['assets/framework.js']),
      b: chunk('assets/framework.js', null, []),
      c: chunk('assets/page.js', 'src/features/x/page.tsx', ['assets/framework.js', 'assets/shared.js']),
      d: chunk('assets/shared.js', null, []),
    } as unknown as OutputBundle;
    // The screen is listed first: the app's code is still left out of it.
    expect(preloadsFor({ '/x': ['src/features/x/page.tsx'], '*': ['src/start.tsx'] }, bundle, web)).toEqual({
      '*': { scripts: ['/assets/start.js', '/assets/framework.js'], styles: [] },
      '/x': { scripts: ['/assets/page.js', '/assets/shared.js'], styles: ['/assets/page.css'] },
    });
  });

  it('list only public paths, each module one that routes.tsx loads on demand', () => {
    const routes = readFileSync(join(web, 'src/app/routes.tsx'), 'utf8');
    const publicPaths: string[] = [
      paths.login,
      paths.connect,
      paths.verification,
      paths.privacy,
      paths.terms,
      paths.appleGuide,
    ];
    const { [EVERY_PAGE]: everyPage, ...screens } = routeChunks as Record<string, string[]>;
    expect(everyPage).toEqual(['src/start.tsx']);
    expect(readFileSync(join(web, 'src/main.tsx'), 'utf8')).toContain("import('./start')");
    for (const [path, modules] of Object.entries(screens)) {
      expect(publicPaths).toContain(path);
      for (const module of modules) {
        const specifier = module.replace(/^src\//, '').replace(/\.tsx?$/, '');
        expect(routes, `${path}: ${module}`).toMatch(
          new RegExp(`import\\('(@/|\\./)${specifier.replace(/^app\//, '(app/)?')}'\\)`),
        );
      }
    }
  });
});
