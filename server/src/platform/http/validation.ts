import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/** ajv-formats is CommonJS: under NodeNext its default import is the module object. */
const addFormats = formatsPlugin as unknown as typeof formatsPlugin.default;

/**
 * The request validator of every route. JSON bodies are taken as they are: a string where the contract says a
 * number (`"maxUses": "1"`) is a 400, and nothing is coerced (Ajv's coercion also turned `0` into `null`, so
 * `maxUses: 0` in a field that takes an integer from 1 or null passed as "no limit"). Query strings and path
 * parameters are text by nature, so only there does Ajv read the text as the schema's type (`?page=2`).
 *
 * Ajv's coercion accepts any text that `Number()` reads, "Infinity", "-Infinity", "1e309" and 400-digit numbers
 * included, and then skips `minimum` and `maximum` for the non-finite result, so `GET /api/group-projects/Infinity`
 * reached PostgreSQL; a JSON body can carry one too (`1e309` parses to Infinity). No API value is ever a
 * non-finite number: every validated request part is refused with a 400 naming the field when one appears,
 * whatever its schema says. The walk that looks for them recurses, which is safe because no request part nests
 * deeply: query strings and parameters are flat, and JSON bodies are refused past MAX_JSON_DEPTH (json-body.ts).
 */
export function registerValidation(app: FastifyInstance): void {
  const options = {
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    // Compiled once per route at start; the schemas are our own.
    addUsedSchema: false,
  } as const;
  const bodies = new Ajv({ ...options, coerceTypes: false });
  const texts = new Ajv({ ...options, coerceTypes: 'array' });
  addFormats(bodies);
  addFormats(texts);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    finiteOnly((httpPart === 'body' ? bodies : texts).compile(schema)),
  );
}

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

function finiteOnly(validate: ValidateFunction): Validator {
  const checked: Validator = (data) => {
    if (!validate(data)) {
      checked.errors = validate.errors ?? null;
      return false;
    }
    const path = nonFinitePath(data, '');
    checked.errors = path === null ? null : [nonFiniteError(path)];
    return path === null;
  };
  return checked;
}

/** Where the first non-finite number sits in a validated value (a JSON pointer), or null. */
function nonFinitePath(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFinitePath(item, `${path}/${key}`);
    if (found !== null) return found;
  }
  return null;
}

function nonFiniteError(instancePath: string): ErrorObject {
  return {
    instancePath,
    schemaPath: '#',
    keyword: 'type',
    params: { type: 'finite number' },
    message: 'must be a finite number',
  };
}
