import { TOOL_INPUTS, type TToolName } from '@app/contract/assistant/tools';
import { jsonSchema, type Schema } from 'ai';
import { z } from 'zod';

/**
 * A tool's input as the model is shown it, and as it is checked (issue 30): the contract's JSON
 * schema without what costs tokens on every step and helps no model write a call (`$schema`,
 * length and count limits, `additionalProperties`), while the contract's zod schema still checks
 * every call in full, so a call past a limit is refused as before.
 */
const DROPPED = new Set([
  '$schema',
  'additionalProperties',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
]);

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !DROPPED.has(key))
      .map(([key, inner]) => [key, key === 'properties' ? stripProperties(inner) : strip(inner)]),
  );
}

/** Property names are kept whatever they are called (a property may be named `minLength`). */
function stripProperties(properties: unknown): unknown {
  if (!properties || typeof properties !== 'object') return properties;
  return Object.fromEntries(
    Object.entries(properties as Record<string, unknown>).map(([k, v]) => [k, strip(v)]),
  );
}

const cache = new Map<TToolName, Schema<unknown>>();

export function compactInputSchema(name: TToolName): Schema<unknown> {
  let schema = cache.get(name);
  if (!schema) {
    const zod = TOOL_INPUTS[name] as z.ZodType;
    schema = jsonSchema(
      strip(z.toJSONSchema(zod, { io: 'input' })) as Parameters<typeof jsonSchema>[0] & object,
      {
        validate: (value) => {
          const parsed = zod.safeParse(value);
          return parsed.success
            ? { success: true, value: parsed.data }
            : { success: false, error: parsed.error };
        },
      },
    );
    cache.set(name, schema);
  }
  return schema;
}
