import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * The data directory holds the database and the key file: only the app's own user may list or
 * read it. A directory that already exists is left as its owner set it (DATA_DIR may be a path
 * an operator made on purpose); one we create is 0700 whatever the umask.
 */
export function ensurePrivateDir(dir: string): void {
  const created = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (created !== undefined) chmodSync(dir, 0o700);
}

/**
 * A file of the app's (the SQLite database): created 0600 before anything opens it, and made
 * 0600 if an older version left it readable. SQLite gives its -wal and -shm files the database
 * file's mode, so they follow.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}
