import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 29 #15: one word per concept in Chinese (decision 019's rule for 您, and this one's):
 * the assistant is 助手, never 助理; the usage unit is Token, and 令牌 is only a credential
 * (访问令牌, 会话令牌). Checked over every Chinese text we write: the web's zh locales, the
 * contract's zh catalogue, and every server source with Chinese in it (SMS and mail texts, the
 * stand-in's replies, the sample workspace).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(root, path)).isDirectory() ? files(path, ext) : ext.test(name) ? [path] : [];
  });
}

const CHINESE = /[\u4e00-\u9fff]/;
const sources = [
  ...files('apps/web/src/locales/zh', /\.json$/),
  ...files('packages/contract/src', /\.ts$/),
  ...files('apps/server/src', /\.ts$/),
].filter((path) => CHINESE.test(readFileSync(join(root, path), 'utf8')));

/** Each rejected word, as a pattern, with the word to use. */
const REJECTED: [RegExp, string][] = [
  [/助理/, '助手'],
  // A credential is 访问令牌 or 会话令牌; the usage unit is Token.
  [/(?<!访问|会话)令牌/, 'Token (usage) or 访问令牌 / 会话令牌 (a credential)'],
];

describe('Chinese uses one word per concept', () => {
  it('reads the texts it checks', () => {
    expect(sources).toContain('apps/web/src/locales/zh/common.json');
    expect(sources).toContain('packages/contract/src/messages-zh.ts');
    expect(sources).toContain('apps/server/src/modules/assistant/texts.ts');
  });

  it.each(REJECTED)('never %s (use %s)', (pattern) => {
    const found = sources.flatMap((path) =>
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          pattern.test(line) ? [`${relative(root, join(root, path))}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
