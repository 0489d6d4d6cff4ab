import fc from 'fast-check';

/** The JSON Schema subset our TypeBox contracts use. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/**
 * Values a schema accepts, or nearly: valid shapes with valid leaves most of the time, so a request gets past
 * validation and into the service, the policy and the database, which is where 500s hide.
 */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => arbitraryFor(option, depth)));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = arbitraryFor(value, depth + 1);
      return fc.record(record, {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
    }
    case 'array':
      return fc.array(schema.items ? arbitraryFor(schema.items, depth + 1) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.oneof(
        // Ids and pages of things that exist in the test database are small.
        fc.integer({ min: Math.max(schema.minimum ?? 0, 0), max: Math.min(schema.maximum ?? 50, 50) }),
        fc.integer({
          min: schema.minimum ?? Number.MIN_SAFE_INTEGER,
          max: schema.maximum ?? Number.MAX_SAFE_INTEGER,
        }),
      );
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.anything();
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern && !schema.pattern.startsWith('^[^')) {
    // A pattern of its own (a topic, a login, an owner/name): strings it accepts, cut to the length limits.
    return (
      fc
        // fast-check cannot generate lookaheads: without them the strings are nearly always valid anyway.
        .stringMatching(new RegExp(schema.pattern.replace(/\(\?[=!][^)]*\)/g, '')))
        .filter(
          (value) =>
            value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity),
        )
    );
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** The families of values a careless or hostile client sends in place of a valid one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  // Wrong types.
  fc.anything({ maxDepth: 2 }),
  // Numbers that coercion makes non-finite, and numbers past every range.
  fc.constantFrom('Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '9'.repeat(400), '1e21', '-0', '0x10'),
  fc.constantFrom(1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, -1, 0, 2 ** 63, 0.5),
  // Control characters, U+0000 first among them, and lone surrogates.
  fc
    .tuple(
      fc.string({ maxLength: 5 }),
      fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\ud800', '\r'),
    )
    .map(([text, control]) => `${text}${control}${text}`),
  // Long strings and huge arrays.
  fc.constantFrom(
    'x'.repeat(10_000),
    Array.from({ length: 10_000 }, (_, i) => i),
  ),
  // Prototype keys and deep nesting.
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}')),
  fc.constant(deepNesting(200)),
);

function deepNesting(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { nested: value };
  return value;
}

/**
 * A value for `schema` that is mostly valid with one part replaced by a hostile value (or the whole thing
 * hostile), so each family reaches each field.
 */
export function mutatedFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: arbitraryFor(schema) },
    { weight: 1, arbitrary: hostileValue },
    {
      weight: 3,
      arbitrary: fc
        .tuple(arbitraryFor(schema), fc.nat(), hostileValue)
        .map(([value, pick, hostile]) => replaceOnePart(value, pick, hostile)),
    },
  );
}

function replaceOnePart(value: unknown, pick: number, hostile: unknown): unknown {
  if (typeof value !== 'object' || value === null) return hostile;
  const keys = Object.keys(value);
  if (keys.length === 0) return { [['__proto__', 'extra', 'constructor'][pick % 3] as string]: hostile };
  const key = keys[pick % keys.length] as string;
  const copy: Record<string, unknown> = Array.isArray(value) ? { ...value } : { ...value };
  copy[key] = pick % 4 === 0 ? replaceOnePart(copy[key], Math.floor(pick / 4), hostile) : hostile;
  return copy;
}
