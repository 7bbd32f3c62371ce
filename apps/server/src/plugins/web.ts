import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { PrerenderedPage, RoutePreloads } from '@app/contract/web-build';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ScreenSettings, spaPages } from './spa-page';

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
  async (
    app: FastifyInstance,
    opts: {
      distDir: string;
      embed?: Record<string, unknown>;
      /**
       * The screens drawn at build time to serve: those drawn with the stand-in banner this
       * server shows (for all of the services or none), filled in with its settings. None when absent.
       */
      screens?: { standIns: 'all' | 'none'; settings: ScreenSettings };
    },
  ) => {
    const indexFile = join(opts.distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn(
        { distDir: opts.distDir },
        'web build not found: serving the API only (run `npm run build`)',
      );
      app.decorate('sendSpaPage', null);
      return;
    }
    const { pageFor, byLanguage } = spaPages(
      await readFile(indexFile, 'utf8'),
      opts.embed ?? {},
      readJson<RoutePreloads>(join(opts.distDir, ROUTE_PRELOADS_FILE), {}),
      opts.screens && {
        screens: readJson<PrerenderedPage[]>(join(opts.distDir, PRERENDERED_FILE), []).filter(
          (screen) => screen.standIns === opts.screens?.standIns,
        ),
        settings: opts.screens.settings,
      },
    );
    app.decorate('sendSpaPage', (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const { body, encoding } = pageFor(path, {
        acceptEncoding: String(request.headers['accept-encoding'] ?? ''),
        acceptLanguage: String(request.headers['accept-language'] ?? ''),
        cookie: String(request.headers.cookie ?? ''),
      });
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', byLanguage(path) ? 'accept-encoding, accept-language, cookie' : 'accept-encoding');
      return encoding ? reply.header('content-encoding', encoding).send(body) : reply.send(body);
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

/** Written by the web build beside index.html (apps/web/tools/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** Written by the web build too (apps/web/tools/prerender-pages.mjs). */
const PRERENDERED_FILE = 'prerendered.json';

function readJson<T>(file: string, fallback: T): T {
  if (!existsSync(file)) return fallback;
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
