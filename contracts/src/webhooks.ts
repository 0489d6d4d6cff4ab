import { Type, type Static } from 'typebox';

/**
 * GitHub's webhook deliveries (POST /api/github/webhooks). The body is GitHub's own payload, read by the server
 * after the signature is checked over its raw bytes, so it has no schema here; the answer says what became of it.
 */
export const WebhookOutcome = Type.Object({
  outcome: Type.Union([
    /** Applied, in the transaction that recorded the delivery's id (200). */
    Type.Literal('applied'),
    /** This delivery id was applied before: nothing changed (200). */
    Type.Literal('duplicate'),
    /** An event, action or repository OpenLFG does not follow: nothing changed (202). */
    Type.Literal('ignored'),
  ]),
});
export type WebhookOutcome = Static<typeof WebhookOutcome>;

/** The largest delivery accepted (GitHub caps payloads at 25 MB; the events read here are far smaller). */
export const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;
