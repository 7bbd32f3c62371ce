// `npm start`: build the web app when its build is missing or older than its sources,
// then serve web + API from one Node process (design §3).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const sources = ['src', 'public', 'tools', 'index.html', 'vite.config.ts', '../../packages/contract/src'].map(
  (p) => join(web, p),
);
const needsBuild =
  !existsSync(builtIndex) ||
  Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(builtIndex).mtimeMs;

if (needsBuild) {
  console.log('Building the web app (once; again only when its sources change)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Variables already in the environment win over .env (Node's own loader never overwrites them).
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/server.ts');
