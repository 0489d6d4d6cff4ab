import { escapeHtml } from './escape-html.js';

/**
 * The API reference page (/api/docs): the OpenAPI document rendered as plain HTML on the server. Interactive
 * viewers (Swagger UI, Redoc, Scalar) need inline scripts or styles, which the site's Content-Security-Policy
 * refuses on purpose; this page needs neither, so it works under the same policy as every other page.
 */

interface JsonSchemaLike {
  type?: string | string[];
  properties?: Record<string, JsonSchemaLike>;
  required?: string[];
  items?: JsonSchemaLike;
  anyOf?: JsonSchemaLike[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  [keyword: string]: unknown;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchemaLike;
}

interface Operation {
  tags?: string[];
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchemaLike }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchemaLike }> }>;
}

export interface OpenApiDocument {
  info: { title: string; description?: string; version: string };
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function apiReferencePage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method,
      operation: item[method] as Operation,
    })),
  );
  const tags = [...new Set(operations.map((entry) => entry.operation.tags?.[0] ?? 'api'))];
  const sections = tags.map((tag) => {
    const items = operations.filter((entry) => (entry.operation.tags?.[0] ?? 'api') === tag);
    return `<section aria-labelledby="tag-${escapeHtml(tag)}">
<h2 id="tag-${escapeHtml(tag)}">/api/${escapeHtml(tag)}</h2>
${items.map(({ path, method, operation }) => renderOperation(path, method, operation)).join('\n')}
</section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<link rel="stylesheet" href="/api/docs.css">
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description ?? '')}</p>
<p>The machine-readable description: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Sections"><ul>${tags.map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">/api/${escapeHtml(tag)}</a></li>`).join('')}</ul></nav>
${sections.join('\n')}
</main>
</body>
</html>`;
}

function renderOperation(path: string, method: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(operation.responses ?? {});
  return `<article>
<h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
${operation.summary ? `<p>${escapeHtml(operation.summary)}</p>` : ''}
<p>${escapeHtml(operation.description ?? '')}</p>
${parameters.length > 0 ? renderParameters(parameters) : ''}
${body ? `<h4>Body</h4>${renderFields(body)}` : ''}
<h4>Answers</h4>
<dl>${responses
    .map(([status, response]) => {
      const schema = response.content?.['application/json']?.schema;
      return `<dt>${escapeHtml(status)}</dt><dd>${escapeHtml(response.description ?? '')}${schema ? renderSchema(schema) : ''}</dd>`;
    })
    .join('')}</dl>
</article>`;
}

function renderParameters(parameters: Parameter[]): string {
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escapeHtml(describe(p.schema ?? {}))}</td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Value</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** An object body as a table of its fields; anything else as its schema. */
function renderFields(schema: JsonSchemaLike): string {
  if (!schema.properties) return renderSchema(schema);
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties)
    .map(
      ([name, field]) =>
        `<tr><td><code>${escapeHtml(name)}</code></td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${escapeHtml(describe(field))}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th scope="col">Field</th><th scope="col">Required</th><th scope="col">Value</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function renderSchema(schema: JsonSchemaLike): string {
  return `<details><summary>Schema</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

/** "integer, 1 to 9007199254740991", "string matching ^[a-z]+$, at most 50 characters", "one of: a, b". */
function describe(schema: JsonSchemaLike): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(describe).join(' or ');
  const type = [schema.type ?? 'any'].flat().join(' or ');
  const limits: string[] = [];
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') {
    limits.push(`${schema.minimum} to ${schema.maximum}`);
  } else if (typeof schema.minimum === 'number') limits.push(`at least ${schema.minimum}`);
  else if (typeof schema.maximum === 'number') limits.push(`at most ${schema.maximum}`);
  if (typeof schema.maxLength === 'number') limits.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    limits.push(`at least ${schema.minLength}`);
  if (typeof schema.pattern === 'string') limits.push(`matching ${schema.pattern}`);
  if (typeof schema.maxItems === 'number') limits.push(`at most ${schema.maxItems} items`);
  if (schema.items) limits.push(`of ${describe(schema.items)}`);
  return [type, ...limits].join(', ');
}

export const API_REFERENCE_CSS = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #111; background: #fff; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
h2 { margin-top: 2.5rem; border-bottom: 2px solid #111; }
article { border-top: 1px solid #ccc; padding: 0.5rem 0 1rem; }
h3 { font-size: 1.1rem; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 4.5rem; font-weight: 700; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { text-align: left; border-bottom: 1px solid #ddd; padding: 0.25rem 0.5rem; vertical-align: top; overflow-wrap: anywhere; }
dt { font-weight: 700; }
dd { margin: 0 0 0.5rem 1rem; }
pre { overflow-x: auto; background: #f4f4f4; padding: 0.5rem; font-size: 0.8rem; }
a { color: #0645ad; }
`;
