/**
 * Values for the generated-input test, made from the contract's zod schemas: a zod schema becomes its JSON Schema (the
 * input side, as a client sends it) and that a fast-check arbitrary of values the schema would mostly accept. The test
 * then spoils one field of such a value, so each bad value reaches the server inside an otherwise plausible request.
 */
import fc from 'fast-check';
import { z } from 'zod';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
}

/** The JSON Schema of a zod schema's input, or null for anything else (a route without that part). */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const DAY_MS = 86_400_000;
/** An instant a station may record: after 2000, not after now. */
const instant = fc
  .integer({ min: Date.parse('2000-01-02T00:00:00Z'), max: Date.now() })
  .map((ms) => new Date(ms).toISOString());
/** A calendar day of the school's records, around today. */
const day = fc
  .integer({ min: -400, max: 400 })
  .map((n) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10));

/** Text the schema would take: printable characters of any script (astral ones too), within its lengths. */
function text(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.min(max, 60);
  const lo = Math.min(min, cap);
  const fits = (s: string) => s.length <= max && s.trim().length >= min;
  const edges =
    max <= 10_000 ? [fc.constant('a'.repeat(Math.max(max, 1))), fc.constant('é'.repeat(Math.max(max, 1)))] : [];
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: lo, maxLength: cap }).filter(fits) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: lo, maxLength: cap }).filter(fits) },
    ...edges.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

/** What a string field without a format holds, told by its name (dates, instants, email addresses, ids). */
function namedString(name: string, schema: JsonSchema): fc.Arbitrary<string> | null {
  if (/_at$/.test(name)) return instant;
  if (/(^|_)(date|day|from|to|on|until|effective)$/.test(name)) return day;
  if (/email/.test(name)) return fc.emailAddress();
  if (/(^|_)ids?$/.test(name)) return fc.uuid({ version: 7 });
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return null;
}

export interface Hints {
  /** Names a field may take in a dictionary (filter names). */
  keys?: readonly string[];
  /** Values a named field may take besides the schema's own (sort fields). */
  values?: Record<string, readonly string[]>;
}

/** Values the JSON Schema describes (mostly valid ones: refinements the JSON Schema cannot say are not kept). */
export function arbitraryOf(schema: JsonSchema, hints: Hints = {}, name = ''): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => arbitraryOf(s, hints, name)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, hints, name)));
  }
  const known = hints.values?.[name];
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -(2 ** 31)) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 2 ** 31) - 1;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e9,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e9,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
        noNaN: true,
      });
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, hints, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectOf(schema, hints);
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid({ version: 7 });
      if (schema.format === 'date-time') return instant;
      if (schema.format === 'date') return day;
      if (schema.format === 'email') return fc.emailAddress();
      const named = namedString(name, schema);
      const own = named ?? text(schema.minLength ?? 0, schema.maxLength ?? 200);
      return known ? fc.oneof(fc.constantFrom(...known), own) : own;
    }
    default:
      // A field zod cannot tell as JSON Schema (a date read by a preprocess): go by its name, or any JSON.
      return namedString(name, schema) ?? (known ? fc.constantFrom(...known) : fc.jsonValue({ maxDepth: 1 }));
  }
}

function objectOf(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const record = fc.record(Object.fromEntries(props.map(([key, s]) => [key, arbitraryOf(s, hints, key)])), {
    requiredKeys: schema.required ?? [],
  });
  if (!schema.additionalProperties || typeof schema.additionalProperties !== 'object' || props.length) return record;
  // A dictionary (the list filters): keys from the hints or the key pattern, values as the schema says.
  const pattern = schema.propertyNames?.pattern;
  const key = hints.keys?.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hints.keys) }, fc.stringMatching(/^[a-z_]{1,12}$/))
    : pattern
      ? fc.stringMatching(new RegExp(pattern))
      : fc.string({ maxLength: 10 });
  const additional = schema.additionalProperties;
  return fc
    .uniqueArray(key, { maxLength: 3 })
    .chain((keys) =>
      fc
        .tuple(...keys.map((k) => arbitraryOf(additional, hints, k)))
        .map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i]]))),
    );
}
