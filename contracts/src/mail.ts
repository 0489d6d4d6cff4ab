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
/** At most one confirmation mail to an address in this long, whoever asks for it. */
export const CONFIRMATION_MAIL_INTERVAL_MINUTES = 10;
/** At most this many confirmation mails a day for one user, whatever the addresses. */
export const CONFIRMATION_MAILS_PER_DAY = 5;

export const MailSettings = Type.Object({
  /** False when the site has no mail server (SMTP_URL unset): notifications stay in the app. */
  available: Type.Boolean(),
  email: Nullable(Type.String()),
  /** The owner opened the confirmation link sent to `email`; no digest goes to an unconfirmed address. */
  confirmed: Type.Boolean(),
  digest: DigestFrequency,
  /**
   * When another confirmation mail can be sent to `email` (one per address per 10 minutes, whoever asks; five a
   * day per user): saving before then saves but sends none. Null when one can go now, or nothing awaits
   * confirmation.
   */
  confirmationNextAt: Nullable(Type.String({ format: 'date-time' })),
  /**
   * The mail server did not take the last confirmation mail: the digest rounds try again once
   * `confirmationNextAt` has passed.
   */
  confirmationPending: Type.Boolean(),
});
export type MailSettings = Static<typeof MailSettings>;

/** The settings as saved, and what became of the confirmation mail the save asked for. */
export const SavedMailSettings = Type.Object({
  ...MailSettings.properties,
  /**
   * `sent`: a confirmation mail went to `email` now; `later`: the limits held it back (see
   * `confirmationNextAt`); `pending`: the mail server did not take it, it is tried again; `none`: nothing to
   * confirm (no address, or confirmed).
   */
  confirmationMail: Type.Union([
    Type.Literal('sent'),
    Type.Literal('later'),
    Type.Literal('pending'),
    Type.Literal('none'),
  ]),
});
export type SavedMailSettings = Static<typeof SavedMailSettings>;

export const MailSettingsBody = Type.Object(
  {
    /** Null forgets the address (and so stops every mail). */
    /** Checked by the server as mail servers read an address (RFC 5321); a 400 names what is wrong. */
    email: Nullable(
      // minLength: the request validator coerces null to a string where a branch lets "" through.
      Text({
        minLength: 1,
        maxLength: MAX_EMAIL_LENGTH,
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
