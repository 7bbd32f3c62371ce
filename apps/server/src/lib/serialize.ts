import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A route's response schema: a zod schema, or one given as `{ properties: schema }`. */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new TypeError(`not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Every response is checked against its contract schema and stripped to it, as
 * fastify-type-provider-zod's serializer does, but by parsing rather than encoding: encoding
 * parses twice wherever a schema has checks (a first run for codecs), and the contract's
 * response schemas have no codec, transform or default (test/serialize.test.ts walks them all),
 * so both give the same JSON. billing/info's answer took 50 µs to serialize, now 20.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zod = zodSchemaOf(schema);
  return (data) => {
    const result = zod.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
