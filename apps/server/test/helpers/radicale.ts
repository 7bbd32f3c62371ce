import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './process';

/** Whether Debian's `radicale` is installed (.ci/run installs it); without it the Apple tests skip. */
export const radicaleInstalled = spawnSync('radicale', ['--version'], { stdio: 'ignore' }).status === 0;

export interface DavAccount {
  user: string;
  password: string;
  /** Rewrites the htpasswd file: Radicale reads it on every request, as a revoked app password would act. */
  setPassword(password: string): void;
  /** Stores an iCalendar object in the account's calendar, as another client would. */
  putEvent(filename: string, ics: string): Promise<void>;
}

export interface Radicale {
  /** The server's root, e.g. http://127.0.0.1:5232 (CalDAV and CardDAV on one address). */
  url: string;
  /**
   * A throwaway user with an app-password-shaped password, one calendar ("Home") and one
   * address book ("Contacts"), made over plain DAV (MKCALENDAR, extended MKCOL).
   */
  newAccount(): Promise<DavAccount>;
  stop(): Promise<void>;
}

const CALENDAR_NAME = 'Home';
const ADDRESS_BOOK_NAME = 'Contacts';

/**
 * Starts a real Radicale on a free loopback port, with its own config, storage and htpasswd
 * (plain: the test owns the file) in a temp directory; stopped and removed by `stop`.
 */
export async function startRadicale(): Promise<Radicale> {
  const dir = mkdtempSync(join(tmpdir(), 'relay-radicale-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const htpasswd = join(dir, 'users');
  const passwords = new Map<string, string>();
  const writeUsers = () =>
    writeFileSync(htpasswd, [...passwords].map(([user, password]) => `${user}:${password}\n`).join(''));
  writeUsers();
  writeFileSync(
    join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${htpasswd}`,
      'htpasswd_encryption = plain',
      // Radicale waits a second after a wrong password by default; the tests try several.
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('radicale', ['-C', join(dir, 'config')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // Ready once it answers; a process that ended first says why.
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${output}`);
    try {
      await fetch(`${url}/`, { method: 'OPTIONS' });
      break;
    } catch {
      if (tries > 100) throw new Error(`radicale did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  let counter = 0;
  return {
    url,
    async newAccount() {
      counter += 1;
      const user = `person${counter}-${Date.now().toString(36)}@example.com`;
      passwords.set(user, 'abcd-efgh-ijkl-mnop');
      writeUsers();
      const dav = (method: string, path: string, body?: string, type = 'application/xml; charset=utf-8') =>
        fetch(`${url}${path}`, {
          method,
          headers: {
            authorization: `Basic ${Buffer.from(`${user}:${passwords.get(user)}`).toString('base64')}`,
            ...(body ? { 'content-type': type } : {}),
          },
          ...(body ? { body } : {}),
        });
      const home = `/${encodeURIComponent(user)}/`;
      // The first authenticated look creates the user's principal collection.
      await dav('PROPFIND', home);
      const made = await dav(
        'MKCALENDAR',
        `${home}calendar/`,
        `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<D:displayname>${CALENDAR_NAME}</D:displayname>
<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>`,
      );
      if (made.status !== 201) throw new Error(`MKCALENDAR answered ${made.status}: ${await made.text()}`);
      const book = await dav(
        'MKCOL',
        `${home}contacts/`,
        `<?xml version="1.0" encoding="utf-8"?>
<D:mkcol xmlns:D="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>
<D:resourcetype><D:collection/><CR:addressbook/></D:resourcetype>
<D:displayname>${ADDRESS_BOOK_NAME}</D:displayname>
</D:prop></D:set></D:mkcol>`,
      );
      if (book.status !== 201) throw new Error(`MKCOL answered ${book.status}: ${await book.text()}`);
      return {
        user,
        get password() {
          return passwords.get(user) ?? '';
        },
        setPassword(password: string) {
          passwords.set(user, password);
          writeUsers();
        },
        async putEvent(filename: string, ics: string) {
          const res = await dav('PUT', `${home}calendar/${filename}`, ics, 'text/calendar; charset=utf-8');
          if (res.status !== 201 && res.status !== 204) {
            throw new Error(`PUT answered ${res.status}: ${await res.text()}`);
          }
        },
      };
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
