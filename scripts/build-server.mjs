// Compiles the server ahead of time: apps/server/src/server.ts, the workspace contract it imports
// (TypeScript source) and a few pure-ESM libraries into one ES module, apps/server/dist/server.mjs
// (with a source map; code loaded on demand in chunks/ beside it). Other packages stay imports,
// resolved from node_modules at run time as before. `npm start` runs this when the build is
// missing or older than its sources (scripts/start.mjs); `npm run dev` keeps running the
// TypeScript through tsx.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverEntry = join(root, 'apps/server/src/server.ts');
export const serverBundle = join(root, 'apps/server/dist/server.mjs');
/**
 * What the bundle is made of: when any of these is newer than it, it is built again. npm writes
 * node_modules/.package-lock.json on every install, so new versions of the bundled packages count.
 */
export const serverSources = [
  join(root, 'apps/server/src'),
  join(root, 'packages/contract/src'),
  join(root, 'package-lock.json'),
  join(root, 'node_modules/.package-lock.json'),
  fileURLToPath(import.meta.url),
];

/**
 * Packages compiled into the bundle rather than imported from node_modules at run time: the
 * workspace contract (TypeScript source), and pure-ESM libraries made of hundreds of small
 * modules, which Node would otherwise resolve, read and link one by one at every start (kysely
 * 262 files, libphonenumber-js 113, zod 95: bundled, the server is ready about a fifth sooner
 * and 12 MB smaller; bench/README.md). zod goes in together with its one other user,
 * fastify-type-provider-zod, so there is a single zod in the process. Everything else
 * (CommonJS, native, packages that read their own files) stays a plain import.
 */
export const bundledPackages = [
  '@app/contract',
  'kysely',
  'libphonenumber-js',
  'zod',
  'fastify-type-provider-zod',
];

const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      bundledPackages.includes(packageName(args.path)) ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const started = performance.now();
  // Loaded here, so `npm start` pays for esbuild only when it builds.
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [serverEntry],
    outdir: dirname(serverBundle),
    outExtension: { '.js': '.mjs' },
    // What the server loads only on demand (`await import('./stripe')`: the Stripe adapter
    // when Stripe is configured) stays in a chunk of its own, loaded as late as under tsx.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // For reading a stack trace against the sources, or running with NODE_OPTIONS=--enable-source-maps
    // (off by default: Node then parses every map at load, +0.2 s and +40 MB at start).
    sourcemap: true,
    // The bundle sits at apps/server/dist/, as deep as apps/server/src/, so paths made from
    // import.meta.url (the web build at ../../web/dist) resolve the same from either.
    plugins: [externalPackages],
    logLevel: 'warning',
    legalComments: 'none',
    write: false,
  });
  // Each file lands whole (written aside, then renamed): a server starting meanwhile never reads half a bundle.
  // The entry goes last, so it never points at a chunk not yet written.
  for (const file of [...outputFiles].sort((a) => (a.path === serverBundle ? 1 : -1))) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.tmp`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  // Chunks of earlier builds (their names carry a content hash) go once they are a day old: a
  // server started from an older build (another checkout's e2e run, a process not yet
  // restarted) may still load one of its chunks on demand.
  const written = new Set(outputFiles.map((f) => f.path));
  const chunks = join(dirname(serverBundle), 'chunks');
  for (const name of existsSync(chunks) ? readdirSync(chunks) : []) {
    const path = join(chunks, name);
    if (!written.has(path) && Date.now() - statSync(path).mtimeMs > 24 * 3600_000)
      rmSync(path, { force: true });
  }
  const kb = (outputFiles.find((f) => f.path === serverBundle).contents.length / 1024).toFixed(0);
  console.log(
    `Built the server: apps/server/dist/server.mjs (${kb} KB) in ${Math.round(performance.now() - started)} ms`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
