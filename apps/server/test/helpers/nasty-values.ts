import fc from 'fast-check';

/**
 * Values that are wrong or at an edge for almost any field: other types, huge and odd text,
 * numbers past every bound, dates at the ends of what a Date or RFC 3339 holds. Each one should
 * get a clear 4xx (or be handled), never a 500.
 */
const wrongTypes = fc.constantFrom<unknown>(null, true, false, 0, -1, '', [], {}, [null], { a: 1 }, '0');

const extremeNumbers = fc.constantFrom<unknown>(
  1e308,
  -1e308,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 64,
  -0,
  0.5,
  5e-324,
  4294967296,
  '1e400',
  '-1',
  'NaN',
  'Infinity',
  '0x10',
  ' 7 ',
);

const extremeDates = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59.999-23:59',
  '0000-01-01T00:00:00+23:59',
  '1970-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '2038-01-19T03:14:08Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2024-02-29T00:00:00Z',
  '2023-02-29T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01',
  '2026-01-01T00:00:00.0000000000000000001Z',
  'now',
);

const oddText = fc.constantFrom(
  'a'.repeat(100_000),
  '9'.repeat(5_000),
  '\u0000',
  'ab\u0000cd',
  'line\r\nbreak',
  '\u001b[31mred',
  '\u007f\u0085\u009f',
  '\u2028\u2029',
  '\uD800',
  'x\uDFFFy',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  'e\u0301\u0301\u0301',
  '😀'.repeat(300),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'İıß',
  'مرحبا',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../../etc/passwd',
  '%00%ZZ%',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder sent as text is the point
  '${process.env}',
  '{{constructor.constructor}}',
  '__proto__',
  '   ',
  '+',
  '+0000000000000000000000000',
);

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  wrongTypes,
  extremeNumbers,
  extremeDates,
  oddText,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
    maxLength: 8,
  }),
  fc.jsonValue({ maxDepth: 3 }),
  // Deep nesting: parsers and validators that recurse.
  fc.constant(JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`) as unknown),
);

/** Keys that are odd in themselves: prototype names, empty, long, unicode. */
export const nastyKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '',
  'k'.repeat(2000),
  'ключ',
  '\u0000',
);

type Edit = { kind: 'replace' | 'delete' | 'add'; at: number; key: string; value: unknown };

/** Every path into a JSON value, the root first. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push(...paths(item, [...prefix, i]));
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  }
  return out;
}

/** One edit of a copy of `value`: a field replaced by a nasty value, removed, or one added. */
function applyEdit(value: unknown, edit: Edit): unknown {
  const copy = value === undefined ? undefined : structuredClone(value);
  const all = paths(copy);
  const path = all[edit.at % all.length]!;
  if (path.length === 0) {
    if (edit.kind === 'add' && copy && typeof copy === 'object' && !Array.isArray(copy)) {
      Object.defineProperty(copy, edit.key, { value: edit.value, enumerable: true, writable: true });
      return copy;
    }
    return edit.kind === 'delete' ? {} : edit.value;
  }
  type Node = Record<string | number, unknown>;
  const parent = path.slice(0, -1).reduce((node, key) => node[key] as Node, copy as Node);
  const last = path[path.length - 1]!;
  if (edit.kind === 'delete') {
    if (Array.isArray(parent)) (parent as unknown[]).splice(Number(last), 1);
    else delete parent[last];
  } else if (edit.kind === 'add' && parent && typeof parent === 'object' && !Array.isArray(parent)) {
    Object.defineProperty(parent, edit.key, { value: edit.value, enumerable: true, writable: true });
  } else {
    parent[last] = edit.value;
  }
  return copy;
}

/** A valid value with one thing wrong in it: the shape of most bad input a client sends. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const edit = fc.record({
    kind: fc.constantFrom<Edit['kind']>('replace', 'replace', 'delete', 'add'),
    at: fc.nat(),
    key: fc.oneof(nastyKey, fc.string({ maxLength: 12 })),
    value: nastyValue,
  });
  return fc.tuple(valid, edit).map(([value, change]) => applyEdit(value, change));
}
