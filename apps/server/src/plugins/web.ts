import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SPA's index.html when the web build is served, for the not-found fallback. */
    spaIndexHtml: Buffer | null;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves apps/web's build: hashed assets cached for a year, everything else revalidated; the
 * brotli/gzip copies written at build time (`<file>.br`, `<file>.gz`) go to browsers that accept them.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const indexFile = join(opts.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(
      { distDir: opts.distDir },
      'web build not found: serving the API only (run `npm run build`)',
    );
    app.decorate('spaIndexHtml', null);
    return;
  }
  app.decorate('spaIndexHtml', await readFile(indexFile));
  await app.register(fastifyStatic, {
    root: opts.distDir,
    // One route per built file, found at start-up: unknown paths fall through to the SPA fallback.
    wildcard: false,
    // The compressed copies are not files of their own: they answer for the file they compress.
    globIgnore: ['**/*.br', '**/*.gz'],
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
      // Caches must keep the compressed and the plain copy apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
});
