import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a browser downloads. Source maps are left out: only developer tools ask for them. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
]);

/** Below this the saving is smaller than a response's headers; the same floor as the server's on-the-fly compression. */
export const MIN_BYTES = 1024;

export interface PrecompressedFile {
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible
 * file of at least MIN_BYTES under `dir`, each only when it is smaller than the file. The server
 * (@fastify/static `preCompressed`) sends them to browsers that accept them, so no request pays
 * for compression and brotli can run at a quality too slow for on-the-fly use.
 */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name).toLowerCase()))
    .map((entry) => join(entry.parentPath, entry.name));
  const results = await Promise.all(
    files.map(async (path): Promise<PrecompressedFile | null> => {
      const bytes = await readFile(path);
      if (bytes.length < MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotliAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const result: PrecompressedFile = { file: relative(dir, path), bytes: bytes.length };
      if (br.length < bytes.length) {
        await writeFile(`${path}.br`, br);
        result.br = br.length;
      }
      if (gz.length < bytes.length) {
        await writeFile(`${path}.gz`, gz);
        result.gzip = gz.length;
      }
      return result;
    }),
  );
  return results.filter((r): r is PrecompressedFile => r !== null);
}

/** Vite plugin: precompresses the build output once it is written (public files included). */
export function precompress(): Plugin {
  return {
    name: 'relay:precompress',
    // The client's build only: not the prerender's build for Node (tools/prerender-pages.mjs).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (!options.dir) return;
        const files = await precompressDir(options.dir);
        const sum = (key: 'bytes' | 'br' | 'gzip') => files.reduce((s, f) => s + (f[key] ?? 0), 0);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
        this.environment.logger.info(
          `precompressed ${files.length} files: ${kb(sum('bytes'))} -> brotli ${kb(sum('br'))}, gzip ${kb(sum('gzip'))}`,
        );
      },
    },
  };
}
