import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { API_SCHEMAS } from '@openlfg/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { endpoint } from './endpoints.js';

type TypeBoxApp = Parameters<FastifyPluginAsyncTypebox>[0];
type SaveEndpoints = readonly ['saveProject', 'unsaveProject'] | readonly ['saveGroup', 'unsaveGroup'];
type Answer<N extends SaveEndpoints[number]> = Static<(typeof API_SCHEMAS)[N]['response'][200]>;

/**
 * A saved list's pair of endpoints (save with POST, unsave with DELETE, both `{ projectId }`), bound to the one
 * setter that does both: projects and group projects are saved alike.
 */
export function routeSaveToggle<Names extends SaveEndpoints, Caller>(
  app: TypeBoxApp,
  [save, unsave]: Names,
  caller: (request: FastifyRequest, reply: FastifyReply) => Promise<Caller>,
  setSaved: (caller: Caller, id: number, saved: boolean) => Promise<Answer<Names[number]>>,
): void {
  for (const [name, saved] of [
    [save, true],
    [unsave, false],
  ] as const) {
    app.route({
      ...endpoint(name),
      handler: async (request, reply) =>
        setSaved(await caller(request, reply), request.body.projectId, saved),
    });
  }
}
