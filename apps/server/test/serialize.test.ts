import { ROUTES } from '@app/contract/routes';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from '../src/lib/serialize';

/** Kinds of schema whose parse and encode differ: what lib/serialize.ts relies on being absent. */
const ONE_WAY = new Set(['pipe', 'transform', 'default', 'prefault', 'catch', 'success']);

/** Every kind of schema reached from `schema`, through objects, arrays, unions, records and wrappers. */
function kindsIn(schema: z.core.$ZodType, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const children: unknown[] = [];
  for (const key of ['innerType', 'element', 'keyType', 'valueType', 'in', 'out', 'catchall'])
    children.push(def[key]);
  if (def.shape) children.push(...Object.values(def.shape as object));
  if (Array.isArray(def.options)) children.push(...def.options);
  if (Array.isArray(def.items)) children.push(...def.items);
  if (def.left) children.push(def.left, def.right);
  if (typeof def.getter === 'function') children.push((def.getter as () => unknown)());
  return [
    def.type,
    ...children.filter((c): c is z.core.$ZodType => c instanceof z.ZodType).flatMap((c) => kindsIn(c, seen)),
  ];
}

describe('response serialization', () => {
  it('no response schema of the contract has a codec, transform or default, so parsing equals encoding', () => {
    // The walk does find them, however deep.
    expect(kindsIn(z.object({ a: z.array(z.object({ b: z.string().default('x') })) }))).toContain('default');
    expect(kindsIn(z.object({ a: z.string().transform((v) => v.length) }))).toContain('pipe');
    for (const route of ROUTES) {
      const kinds = kindsIn(route.response);
      expect(
        kinds.filter((kind) => ONE_WAY.has(kind)),
        `${route.method} ${route.path}`,
      ).toEqual([]);
    }
  });

  it('strips what the schema does not name and refuses what it does not allow', () => {
    const serialize = serializerCompiler({
      schema: z.object({ id: z.string(), count: z.number().int() }),
      method: 'GET',
      url: '/x',
    });
    expect(serialize({ id: 'a', count: 2, secret: 'kept out' })).toBe('{"id":"a","count":2}');
    expect(() => serialize({ id: 'a', count: 2.5 })).toThrow(/doesn't match the schema/);
  });

  it('gives the same JSON as encoding, for a schema with checks', () => {
    const schema = z.object({
      email: z.email(),
      at: z.iso.datetime(),
      n: z.number().min(0),
      tags: z.array(z.string().max(5)),
    });
    const value = { email: 'a@b.example', at: '2026-01-01T00:00:00.000Z', n: 3, tags: ['x'], extra: 1 };
    const serialize = serializerCompiler({ schema, method: 'GET', url: '/x' });
    expect(serialize(value)).toBe(JSON.stringify(z.encode(schema, value)));
  });
});
