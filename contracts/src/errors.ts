import { Type, type Static } from 'typebox';

/** Every non-2xx answer of the API has this body (see docs/http.md, "HTTP contract"). */
export const ErrorResponse = Type.Object({
  error: Type.Object({
    code: Type.String({ description: 'Stable, machine-readable reason, e.g. VALIDATION_ERROR' }),
    message: Type.String({ description: 'Human-readable explanation, safe to show to the user' }),
  }),
});
export type ErrorResponse = Static<typeof ErrorResponse>;
