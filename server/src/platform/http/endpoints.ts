import { API, API_SCHEMAS, type EndpointName } from '@openlfg/contracts';
import type { FastifyInstance } from 'fastify';
import { NOT_JSON_API } from './openapi.js';

type Declared<N extends EndpointName> = (typeof API)[N];

/**
 * A route's method, path, schemas and access, from its declaration in contracts (api.ts and api-schemas.ts):
 * routes spread this and add only their handler, so nothing about an endpoint is written twice.
 */
export function endpoint<N extends EndpointName>(name: N) {
  const { method, path, auth } = API[name];
  return {
    method: method as Declared<N>['method'],
    url: path as Declared<N>['path'],
    schema: API_SCHEMAS[name] as (typeof API_SCHEMAS)[N],
    config: (auth === 'anyone' ? {} : { auth }) as { auth?: 'user' | 'moderator' },
  };
}

const key = (method: string, path: string) => `${method} ${path}`;

/**
 * Holds the app to its declarations: a JSON route under /api that was not made from `endpoint()` (another
 * method, path, schema or access than declared) stops the app at start, and so does a declared endpoint that
 * no route serves.
 */
export function requireDeclaredRoutes(
  app: FastifyInstance,
  /** Tests add routes of their own (a slow route, one that throws) under this prefix. Never set in production. */
  testRoutePrefix: string | null = null,
): void {
  const byRoute = new Map(
    (Object.keys(API) as EndpointName[]).map((name) => [key(API[name].method, API[name].path), name]),
  );
  const served = new Set<EndpointName>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || NOT_JSON_API.has(route.url)) return;
    if (testRoutePrefix !== null && route.url.startsWith(testRoutePrefix)) return;
    for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
      const name = byRoute.get(key(method, route.url));
      if (!name) throw new Error(`${method} ${route.url} is not declared in contracts/src/api.ts`);
      const auth = route.config?.auth ?? 'anyone';
      if (route.schema !== API_SCHEMAS[name] || auth !== API[name].auth) {
        throw new Error(`${method} ${route.url} must be registered from endpoint('${name}')`);
      }
      served.add(name);
    }
  });
  app.addHook('onReady', async () => {
    const missing = (Object.keys(API) as EndpointName[]).filter((name) => !served.has(name));
    if (missing.length > 0) throw new Error(`Declared but not served: ${missing.join(', ')}`);
  });
}
