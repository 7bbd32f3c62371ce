import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Per public path, the built files its screen loads (apps/web/tools/route-preloads.ts). */
export type RoutePreloads = Record<string, { scripts: string[]; styles: string[] }>;

interface Copies {
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The SPA's page as each path gets it: index.html with the public settings written in as data
 * and, for a path whose screen is known, that screen's files named for preloading. Each variant
 * is built and compressed on its first request and kept (a few KB each, a dozen paths).
 */
export function spaPages(template: string, embed: Record<string, unknown>, preloads: RoutePreloads) {
  const base = template.replace('</head>', `${dataBlocks(embed)}</head>`);
  const cache = new Map<string, Copies>();
  const copiesFor = (path: string): Copies => {
    const key = Object.hasOwn(preloads, path) ? path : '';
    let copies = cache.get(key);
    if (!copies) {
      copies = {
        plain: Buffer.from(key ? base.replace('</head>', `${preloadLinks(preloads[key])}</head>`) : base),
      };
      cache.set(key, copies);
    }
    return copies;
  };
  /** The page for a path, compressed as the request accepts. */
  return (path: string, acceptEncoding: string): { body: Buffer; encoding: 'br' | 'gzip' | null } => {
    const copies = copiesFor(path);
    const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
    if (encoding === 'br')
      copies.br ??= brotliCompressSync(copies.plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    if (encoding === 'gzip') copies.gzip ??= gzipSync(copies.plain, { level: 9 });
    return encoding ? { body: copies[encoding] as Buffer, encoding } : { body: copies.plain, encoding: null };
  };
}

/**
 * Each value as `<script type="application/json" id="…">`: data, never run (so the CSP has
 * nothing to allow), read by the web app at start. `<` is escaped so no value can close the element.
 */
function dataBlocks(data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(
      ([id, value]) =>
        `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`,
    )
    .join('');
}

function preloadLinks(files: { scripts: string[]; styles: string[] } | undefined): string {
  if (!files) return '';
  const safe = (url: string) => /^\/assets\/[\w.-]+$/.test(url);
  return [
    ...files.scripts.filter(safe).map((url) => `<link rel="modulepreload" crossorigin href="${url}">`),
    ...files.styles.filter(safe).map((url) => `<link rel="preload" as="style" crossorigin href="${url}">`),
  ].join('');
}
