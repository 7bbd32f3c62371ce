// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (it proxies /v1).
import { spawn } from 'node:child_process';

const children = [
  ['api', ['run', 'dev', '-w', 'apps/server']],
  ['web', ['run', 'dev', '-w', 'apps/web']],
].map(([name, args]) => {
  const child = spawn('npm', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  const prefix = (data) => process.stdout.write(String(data).replace(/^(?=.)/gm, `[${name}] `));
  child.stdout.on('data', prefix);
  child.stderr.on('data', prefix);
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    stop(code ?? 1);
  });
  return child;
});

function stop(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
