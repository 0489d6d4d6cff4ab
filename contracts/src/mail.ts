import { Type, type Static } from 'typebox';
import { Nullable, Text } from './schema-helpers.js';

/**
 * Email about notifications: an optional digest per user. `instant` sends what is new at the next minute's
 * round, `daily` once a day, `off` nothing. An address is used only once its owner confirmed it from the mail
 * the site sent there; every digest carries a signed one-click unsubscribe.
 */
export const DigestFrequency = Type.Union([
  Type.Literal('instant'),
  Type.Literal('daily'),
  Type.Literal('off'),
]);
export type DigestFrequency = Static<typeof DigestFrequency>;

/** Longest address accepted (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** A plain address: one @, no spaces or angle brackets; the confirmation mail proves the rest. */
export const EMAIL_PATTERN = '^[^\\s@<>()",;:\\\\]+@[^\\s@<>()",;:\\\\]+\\.[^\\s@<>()",;:\\\\]+$';

export const MailSettings = Type.Object({
  /** False when the site has no mail server (SMTP_URL unset): notifications stay in the app. */
  available: Type.Boolean(),
  email: Nullable(Type.String()),
  /** The owner opened the confirmation link sent to `email`; no digest goes to an unconfirmed address. */
  confirmed: Type.Boolean(),
  digest: DigestFrequency,
});
export type MailSettings = Static<typeof MailSettings>;

export const MailSettingsBody = Type.Object(
  {
    /** Null forgets the address (and so stops every mail). */
    email: Nullable(
      Type.String({
        maxLength: MAX_EMAIL_LENGTH,
        pattern: EMAIL_PATTERN,
        description: 'An email address such as ada@example.org',
      }),
    ),
    digest: DigestFrequency,
  },
  { additionalProperties: false },
);
export type MailSettingsBody = Static<typeof MailSettingsBody>;

/** A link's signed token, as the mail carried it. */
export const MailTokenQuery = Type.Object({
  token: Text({ minLength: 1, maxLength: 1024, description: 'The token the mail link carried' }),
});
export type MailTokenQuery = Static<typeof MailTokenQuery>;

export const MailTokenBody = Type.Object(
  { token: Text({ minLength: 1, maxLength: 1024, description: 'The token the mail link carried' }) },
  { additionalProperties: false },
);
export type MailTokenBody = Static<typeof MailTokenBody>;

export const MailLinkOutcome = Type.Object({
  /** The address the link was about. */
  email: Type.String(),
  digest: DigestFrequency,
  confirmed: Type.Boolean(),
});
export type MailLinkOutcome = Static<typeof MailLinkOutcome>;
