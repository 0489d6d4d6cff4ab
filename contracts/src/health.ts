import { Type, type Static } from 'typebox';

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
});
export type HealthResponse = Static<typeof HealthResponse>;

/**
 * Readiness, apart from liveness (health): `starting` while the node applies migrations (and seeds the demo
 * catalogue), then whether its database answers. A load balancer sends traffic only to a 200.
 */
export const ReadyResponse = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('starting'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('unknown')]),
});
export type ReadyResponse = Static<typeof ReadyResponse>;
