// Runs after the client's build (`npm run build`): builds src/prerender.tsx for Node and writes
// what it renders to dist/prerendered.json, where the server finds the sign-in page's first
// render (apps/server/src/plugins/spa-page.ts). A plain .mjs: Node 20 runs it without a loader.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('../node_modules/.prerender', import.meta.url));

await build({
  root,
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, sourcemap: false, minify: false },
});
const { prerenderPages } = await import(pathToFileURL(`${outDir}/prerender.js`).href);
const pages = await prerenderPages();
writeFileSync(
  fileURLToPath(new URL('../dist/prerendered.json', import.meta.url)),
  `${JSON.stringify(pages)}\n`,
);
rmSync(outDir, { recursive: true, force: true });
console.log(`prerendered ${pages.length} pages: ${[...new Set(pages.map((p) => p.path))].join(', ')}`);
