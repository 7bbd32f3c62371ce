// Runs bench/seed.mjs in its own process against the data an app uses (same environment).
import { spawn } from 'node:child_process';
import { appEnv, root } from './processes.mjs';

export function seed(tasks, { dataDir, database, port = 0 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/seed.mjs', JSON.stringify(tasks)], {
      cwd: root,
      env: appEnv({ port, dataDir, database }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seeding failed (${code}): ${out.slice(-2000)}`));
      const last = out.trim().split('\n').pop();
      resolve(JSON.parse(last));
    });
  });
}
