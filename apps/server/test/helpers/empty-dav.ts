import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/lib/ids';
import { appleSettings } from '../../src/modules/connections/apple-settings';
import { sealToken } from '../../src/modules/connections/sealed-tokens';

const PASSWORD = 'abcd-efgh-ijkl-mnop';

/**
 * A CalDAV/CardDAV server with no calendars, for tests that need Apple's event list to answer
 * without Radicale: one password is good for every `@icloud.test` Apple ID (each DAV request gets
 * an empty 207 multistatus), any other gets 401 as iCloud answers a wrong app-specific password.
 */
export class EmptyDav {
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      req.resume();
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!Buffer.from(basic, 'base64').toString('utf8').endsWith(`@icloud.test:${PASSWORD}`)) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="test"' }).end();
        return;
      }
      res
        .writeHead(207, { 'content-type': 'application/xml; charset=utf-8' })
        .end('<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:"/>');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  /** Stores an Apple connection for the user as connecting would, its homes on this server. */
  async connect(app: FastifyInstance, userId: string): Promise<string> {
    const id = newId();
    const now = new Date().toISOString();
    const home = (kind: string) => ({
      rootUrl: `${this.url}/`,
      principalUrl: `${this.url}/principal/`,
      homeUrl: `${this.url}/${kind}/`,
    });
    await app.connectionsRepo.insert({
      id,
      user_id: userId,
      provider: 'apple',
      provider_account_id: `${id}@icloud.test`,
      email: `${id}@icloud.test`,
      name: `${id}@icloud.test`,
      granted_scopes: 'calendar contacts',
      access_token: sealToken(app.secretBox, id, 'access', PASSWORD),
      refresh_token: null,
      expires_at: null,
      status: 'connected',
      status_reason: null,
      settings: appleSettings({ caldav: home('calendars'), carddav: home('contacts') }, [], []),
      created_at: now,
      updated_at: now,
    });
    return id;
  }
}
