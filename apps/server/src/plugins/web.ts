import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the SPA's page (index.html with its embedded data) when the web build is served; for the not-found fallback. */
    sendSpaPage: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves apps/web's build: hashed assets cached for a year, everything else revalidated; the
 * brotli/gzip copies written at build time (`<file>.br`, `<file>.gz`) go to browsers that accept them.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string; embed?: Record<string, unknown> }) => {
    const indexFile = join(opts.distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn(
        { distDir: opts.distDir },
        'web build not found: serving the API only (run `npm run build`)',
      );
      app.decorate('sendSpaPage', null);
      return;
    }
    const page = embedData(await readFile(indexFile, 'utf8'), opts.embed ?? {});
    // Compressed once here, as the build does for its files (the page is a few KB).
    const copies = {
      br: brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(page, { level: 9 }),
    };
    app.decorate('sendSpaPage', (request: FastifyRequest, reply: FastifyReply) => {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      return encoding ? reply.header('content-encoding', encoding).send(copies[encoding]) : reply.send(page);
    });
    // The built files, found once at start. The compressed copies are not files of their own:
    // they answer for the file they compress.
    const files = new Set(
      readdirSync(opts.distDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
        .map(
          (entry) => `/${relative(opts.distDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`,
        ),
    );
    await app.register(fastifyStatic, {
      root: opts.distDir,
      // One route for every file, answering only for the files found at start: anything else falls
      // through to the SPA fallback without touching the disk. (One route per file, found by
      // globbing, cost 35 to 70 ms of every start; bench/README.md.)
      wildcard: true,
      allowedPath: (pathname) => files.has(pathname),
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
        // Caches must keep the compressed and the plain copy apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  },
);

/**
 * Writes each value into the page as `<script type="application/json" id="…">`: data, never run
 * (so the CSP has nothing to allow), read by the web app at start. `<` is escaped so no value
 * can close the element.
 */
export function embedData(html: string, data: Record<string, unknown>): Buffer {
  const blocks = Object.entries(data)
    .map(
      ([id, value]) =>
        `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`,
    )
    .join('');
  return Buffer.from(html.replace('</head>', `${blocks}</head>`));
}
