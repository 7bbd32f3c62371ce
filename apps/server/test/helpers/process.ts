import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  /** Resolves with the exit code and everything printed once the process ends. */
  exited: Promise<{ code: number | null; output: string }>;
  /** Resolves true once /readyz answers, false if the process ends first. */
  ready: () => Promise<boolean>;
  stop: () => Promise<void>;
}

/** Starts the real server (`src/server.ts`) as its own process with the given environment. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'relay-proc-')),
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let done = false;
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => {
      done = true;
      resolve({ code, output });
    }),
  );
  return {
    port,
    exited,
    ready: async () => {
      for (let i = 0; i < 150 && !done; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return true;
        } catch {}
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    },
    stop: async () => {
      if (!done) child.kill('SIGTERM');
      await exited;
    },
  };
}
