import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries for what a zod 4 schema accepts as input, read from the schema's own
 * definition (`_zod.def`). zod-fast-check speaks zod 3 only and no maintained package turns
 * zod 4 into arbitraries, so this covers the kinds the contract uses; a kind it does not know
 * gets any JSON value, which still makes a request (mostly a refused one).
 *
 * "Valid" is aimed at, not promised: lengths, bounds, patterns and formats are followed, custom
 * refinements (a parsable phone number, a range of at most 90 days) only by luck or by `hints`.
 */
export interface ArbitraryOptions {
  /**
   * Text the running system knows (a signed-in number, the id of a real row), offered for a
   * field by its name: without them almost no generated id would name a real row.
   */
  hints?: (field: string) => readonly string[];
}

type Schema = z.core.$ZodType;
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

/** Kinds whose input may leave the value out. */
const OPTIONAL_KINDS = new Set(['optional', 'default', 'prefault']);

export function isOptional(schema: Schema): boolean {
  return OPTIONAL_KINDS.has(defOf(schema).type);
}

export function arbitraryFor(
  schema: Schema,
  options: ArbitraryOptions = {},
  field = '',
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => arbitraryFor(def[key] as Schema, options, field);
  switch (def.type) {
    case 'string':
      return withHints(stringArbitrary(def), options.hints?.(field));
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(inner('innerType'), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    // A pipe takes what its first stage takes; transforms run after validation.
    case 'pipe':
      return inner('in');
    case 'lazy':
      return arbitraryFor((def.getter as () => Schema)(), options, field);
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => arbitraryFor(option, options, field)));
    case 'array': {
      const { min, max } = lengthLimits(def, 0, 5);
      return fc.array(inner('element'), { minLength: min, maxLength: Math.min(max, min + 5) });
    }
    case 'record':
      return fc.dictionary(
        inner('keyType').map((key) => String(key)),
        inner('valueType'),
        { maxKeys: 4 },
      );
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const keys = Object.keys(shape);
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, arbitraryFor(shape[key]!, options, key)])),
        { requiredKeys: keys.filter((key) => !isOptional(shape[key]!)) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function withHints(arbitrary: fc.Arbitrary<string>, hints: readonly string[] | undefined) {
  if (!hints?.length) return arbitrary;
  return fc.oneof({ arbitrary, weight: 3 }, { arbitrary: fc.constantFrom(...hints), weight: 1 });
}

function lengthLimits(def: Def, min: number, max: number) {
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum ?? min;
    if (check.check === 'max_length') max = check.maximum ?? max;
    if (check.check === 'length_equals') min = max = check.length ?? min;
  }
  return { min, max };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Instants as clients send them: within weeks of now (usage is dated so, events are asked for
 * so) or within this century; the far edges come from the format's pattern.
 */
const nearDates = fc.oneof(
  fc.integer({ min: -40 * DAY_MS, max: 40 * DAY_MS }).map((ms) => new Date(Date.now() + ms).toISOString()),
  fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
);

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uuid: fc.uuid(),
  url: fc.webUrl(),
  datetime: nearDates,
};

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const { min, max } = lengthLimits(def, 0, 60);
  // Cut or padded to the length limits rather than filtered: a filter that seldom holds (a
  // pattern's short strings against a minimum of 16) would spin without end.
  const fit = (text: string) =>
    text.length > max ? text.slice(0, max) : text.padEnd(min, text.length > 0 ? text : 'x');
  const patterns = checksOf(def).flatMap((check) => (check.pattern ? [check.pattern] : []));
  if (def.pattern instanceof RegExp) patterns.push(def.pattern);
  const format = typeof def.format === 'string' ? FORMATS[def.format] : undefined;
  const fromPatterns = patterns.flatMap((pattern) => {
    try {
      return [fc.stringMatching(pattern, { size: 'small' })];
    } catch {
      return []; // a construct fast-check cannot generate from (a look-ahead)
    }
  });
  const plain = fc.string({ minLength: min, maxLength: Math.min(max, min + 40) });
  const candidates = [...(format ? [format] : []), ...fromPatterns];
  if (candidates.length === 0) return plain;
  return fc.oneof(
    { arbitrary: fc.oneof(...candidates).map(fit), weight: 3 },
    { arbitrary: plain, weight: 1 },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -(2 ** 31);
  let max = 2 ** 31;
  const checks = checksOf(def);
  const integer = checks.some(
    (check) => check.check === 'number_format' && check.format !== 'float32' && check.format !== 'float64',
  );
  for (const check of checks) {
    const value = Number(check.value);
    if (check.check === 'greater_than') min = check.inclusive ? value : value + (integer ? 1 : 1e-9);
    if (check.check === 'less_than') max = check.inclusive ? value : value - (integer ? 1 : 1e-9);
  }
  if (integer) {
    return fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}
