import { Type, type Static } from 'typebox';

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
});
export type HealthResponse = Static<typeof HealthResponse>;
