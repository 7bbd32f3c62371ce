import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_BYTES, type PrecompressedFile, precompressDir } from './precompress';

const dir = mkdtempSync(join(tmpdir(), 'relay-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = Buffer.from(`export const words = ${JSON.stringify('compress me '.repeat(400))};\n`);
const styles = Buffer.from('.button { color: red; }\n'.repeat(100));
const tiny = Buffer.from('console.log(1)');
const map = Buffer.from(JSON.stringify({ mappings: 'AAAA;'.repeat(1000) }));
const image = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'assets', 'index-Ab12.js'), script);
writeFileSync(join(dir, 'assets', 'index-Ab12.js.map'), map);
writeFileSync(join(dir, 'assets', 'index-Cd34.css'), styles);
writeFileSync(join(dir, 'assets', 'tiny-Ef56.js'), tiny);
writeFileSync(join(dir, 'icon.png'), image);

describe('precompressDir', () => {
  let written: PrecompressedFile[];
  beforeAll(async () => {
    written = await precompressDir(dir);
  });

  it('writes brotli and gzip copies that decode to the same bytes, and reports them', () => {
    for (const [file, bytes] of [
      ['assets/index-Ab12.js', script],
      ['assets/index-Cd34.css', styles],
    ] as const) {
      const br = readFileSync(join(dir, `${file}.br`));
      const gz = readFileSync(join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(bytes)).toBe(true);
      expect(gunzipSync(gz).equals(bytes)).toBe(true);
      expect(written).toContainEqual({ file, bytes: bytes.length, br: br.length, gzip: gz.length });
    }
    expect(written).toHaveLength(2);
  });

  it('leaves small files, source maps and images alone', () => {
    expect(tiny.length).toBeLessThan(MIN_BYTES);
    for (const file of ['assets/tiny-Ef56.js', 'assets/index-Ab12.js.map', 'icon.png']) {
      expect(existsSync(join(dir, `${file}.br`))).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`))).toBe(false);
    }
  });
});
