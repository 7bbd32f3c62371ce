import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
// A relative path: Vite's config loader leaves package imports to Node, which cannot run the contract's TypeScript.
import { EVERY_PAGE, type RoutePreloads } from '../../../packages/contract/src/web-build';

/** `src/app/route-chunks.json`: the modules each path's screen is made of (routes.tsx's `import()`s). */
export interface RouteChunks {
  /** What every page runs: the app itself, which the entry starts once the page is painted. */
  everyPage: string[];
  public: Record<string, string[]>;
  /** Screens only a signed-in person sees: preloaded by the page only where a session is stored. */
  signedIn: Record<string, string[]>;
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The route's screen is loaded on demand, so a first visit fetches the page, then the app's
 * entry, and only once that has run the screen's code: one round trip more before anything
 * is drawn. This writes, for each route of `src/app/route-chunks.json`, the built files of its
 * screen and their static imports, which the server names in that page so they arrive with the
 * app's code. Signed-in routes are marked: whether someone is signed in is known only in the
 * browser, so the page names them as data and its entry asks for them only where a session is
 * stored (a signed-out visitor sent on to /login would download a screen it never shows).
 */
export function routePreloads(routeChunksFile: string, root: string): Plugin {
  return {
    name: 'route-preloads',
    // The client's build only: not the prerender's build for Node (tools/prerender-pages.mjs).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const routes = JSON.parse(readFileSync(routeChunksFile, 'utf8')) as RouteChunks;
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloadsFor(routes, bundle as OutputBundle, root), null, 2)}\n`,
      });
    },
  };
}

export function preloadsFor(routes: RouteChunks, bundle: OutputBundle, root: string): RoutePreloads {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byModule = new Map(
    chunks.filter((c) => c.facadeModuleId).map((c) => [relative(root, c.facadeModuleId as string), c]),
  );
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  // The entry and what it imports are named by index.html already; the app's code by `*`.
  const inPage = new Set(entry ? closure([entry], byFile) : []);
  const filesOf = (path: string, modules: string[]) => {
    const starts = modules.map((module) => {
      const chunk = byModule.get(module);
      if (!chunk) throw new Error(`route-preloads: no chunk for ${module} (route ${path})`);
      return chunk;
    });
    const files = closure(starts, byFile).filter((file) => !inPage.has(file));
    return {
      scripts: files.map((file) => `/${file}`),
      styles: files.flatMap((file) =>
        [
          ...((byFile.get(file) as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
            ?.importedCss ?? []),
        ].map((css) => `/${css}`),
      ),
    };
  };
  const everyPage = filesOf(EVERY_PAGE, routes.everyPage);
  for (const script of everyPage.scripts) inPage.add(script.slice(1));
  const result: RoutePreloads = { [EVERY_PAGE]: everyPage };
  for (const [path, modules] of Object.entries(routes.public)) result[path] = filesOf(path, modules);
  for (const [path, modules] of Object.entries(routes.signedIn))
    result[path] = { ...filesOf(path, modules), signedIn: true };
  return result;
}

/** The chunks and everything they import statically, in load order. */
function closure(starts: OutputChunk[], byFile: Map<string, OutputChunk>): string[] {
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
  };
  for (const chunk of starts) visit(chunk);
  return [...seen];
}
