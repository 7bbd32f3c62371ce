import { createServer } from 'node:http';

/**
 * Stands in for iCloud refusing a password: every CalDAV/CardDAV request gets 401, as
 * caldav.icloud.com answers an Apple ID password where an app-specific one is needed. Started
 * once, by the runner process that also starts the app (workers only read the config).
 */
export function startIcloudRefuser(port: number): void {
  if (process.env.TEST_WORKER_INDEX !== undefined) return;
  const server = createServer((_req, res) => {
    res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="iCloud"', 'Content-Type': 'text/plain' });
    res.end('Unauthorized');
  });
  server.on('error', () => undefined);
  server.listen(port, '127.0.0.1');
  server.unref();
}
