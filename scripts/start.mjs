// `npm start`: build the web app and the server when their builds are missing or older than
// their sources, then serve web + API from one Node process (design §3). The server runs compiled
// (apps/server/dist/server.mjs, scripts/build-server.mjs): no TypeScript loader in production.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverBundle, serverSources } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when `built` is missing or any of `sources` (files or directories) changed after it. */
function isStale(built, sources) {
  if (!existsSync(built)) return true;
  return Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(built).mtimeMs;
}

const sources = ['src', 'public', 'tools', 'index.html', 'vite.config.ts', '../../packages/contract/src'].map(
  (p) => join(web, p),
);
if (isStale(builtIndex, sources)) {
  console.log('Building the web app (once; again only when its sources change)...');
  // Loaded only to build: node:child_process is a few ms of every start otherwise.
  const { spawnSync } = await import('node:child_process');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Variables already in the environment win over .env (Node's own loader never overwrites them).
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
process.env.NODE_ENV ??= 'production';

if (isStale(serverBundle, serverSources)) {
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
// `node scripts/start.mjs --build-only`: the builds above, without serving (the benchmarks use it).
if (process.argv.includes('--build-only')) process.exit(0);

// Stack traces name the bundle's lines; NODE_OPTIONS=--enable-source-maps maps them back to the
// TypeScript sources, at a cost at start (docs/operations.md).
await import(pathToFileURL(serverBundle).href);
