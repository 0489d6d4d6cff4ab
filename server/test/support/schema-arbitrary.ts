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

/**
 * JSON text no value can stand for in a test: numbers past a double (`1e309` parses to Infinity, which
 * JSON.stringify writes as null) and nesting thousands of levels deep (which overflows JSON.stringify's stack
 * before it reaches the server). A generated value carries a marker string instead, which `jsonText` writes out.
 */
const RAW = 'RAW-JSON:';
const NESTING: Record<string, [open: string, close: string, bottom: string]> = {
  objects: ['{"a":', '}', '1'],
  arrays: ['[', ']', ''],
  mixed: ['[{"a":', '}]', 'null'],
};

export const rawNumber: fc.Arbitrary<string> = fc.constantFrom(
  `${RAW}1e309`,
  `${RAW}-1e309`,
  `${RAW}1e400`,
  `${RAW}${'9'.repeat(400)}`,
);

/** Objects, arrays or both nested from a few levels to ten thousand (the larger ones past the body limit). */
export function rawDeepJson(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...Object.keys(NESTING)),
      // fast-check favours the small end of a range: the deepest levels are named outright.
      fc.oneof(
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 64, max: 10_000 }),
        fc.constantFrom(2_000, 5_000, 10_000),
      ),
    )
    .map(([kind, levels]) => `${RAW}${kind}:${levels}`);
}

/** The JSON text of a generated value, its raw markers written out. JSON.stringify(undefined) is sent as null. */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(new RegExp(`"${RAW}([^"]*)"`, 'g'), (_, raw: string) => {
    const [kind = '', levels] = raw.split(':');
    const nesting = NESTING[kind];
    if (!nesting) return raw;
    const [open, close, bottom] = nesting;
    return `${open.repeat(Number(levels))}${bottom}${close.repeat(Number(levels))}`;
  });
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
  // Prototype keys and deep nesting, up to thousands of levels (raw text: see jsonText).
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}')),
  fc.constant(deepNesting(200)),
  rawDeepJson(),
);

function deepNesting(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { nested: value };
  return value;
}

/** Whether `schema` declares a number (or numbers only), so that text in its place must be refused. */
function declaresNumber(schema: JsonSchema): boolean {
  if (schema.type === 'integer' || schema.type === 'number' || typeof schema.const === 'number') return true;
  if (schema.anyOf) {
    return (
      schema.anyOf.some(declaresNumber) &&
      !schema.anyOf.some((option) => option.type === 'string' || typeof option.const === 'string')
    );
  }
  return false;
}

/** The paths (keys from the root) in `value` where its schema declares a number and a number is. */
function numberPaths(schema: JsonSchema, value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'number') return declaresNumber(schema) ? [path] : [];
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) {
    const { items } = schema;
    return items ? value.flatMap((item, i) => numberPaths(items, item, [...path, String(i)])) : [];
  }
  const properties = schema.properties ?? {};
  return Object.entries(value).flatMap(([key, item]) =>
    properties[key] ? numberPaths(properties[key], item, [...path, key]) : [],
  );
}

/** Whether a schema declares a number anywhere a value of it could hold one. */
export function hasNumbers(schema: JsonSchema): boolean {
  return (
    declaresNumber(schema) ||
    Object.values(schema.properties ?? {}).some(hasNumbers) ||
    (schema.items !== undefined && hasNumbers(schema.items)) ||
    (schema.anyOf ?? []).some(hasNumbers)
  );
}

/**
 * A valid value for `schema` with one of its declared numbers sent as text (`"maxUses": "1"`), as a careless
 * client would; `textified` says whether the value held a number to change (an optional one may be absent).
 * The API coerces nothing in a JSON body: such a value must be refused.
 */
export function numberAsTextFor(schema: JsonSchema): fc.Arbitrary<{ value: unknown; textified: boolean }> {
  return fc.tuple(arbitraryFor(schema), fc.nat()).map(([value, pick]) => {
    const paths = numberPaths(schema, value);
    const path = paths[pick % Math.max(paths.length, 1)];
    const key = path?.at(-1);
    if (!path) return { value, textified: false };
    if (key === undefined) return { value: String(value), textified: true };
    const copy = structuredClone(value) as Record<string, unknown>;
    const parent = path
      .slice(0, -1)
      .reduce<Record<string, unknown>>((object, step) => object[step] as Record<string, unknown>, copy);
    parent[key] = String(parent[key]);
    return { value: copy, textified: true };
  });
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

/** Percent-encodes as a browser would; a lone surrogate (which has no UTF-8) goes as the raw bytes of one. */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}
