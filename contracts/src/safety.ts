/**
 * Safety between people: blocking someone (GET/POST/DELETE /api/account/blocks), reporting a user
 * (POST /api/users/report), and the moderators' side of it (user reports, suspensions under /api/admin/users).
 */
import { Type, type Static } from 'typebox';
import { MODERATION_REASON_MAX } from './constants.js';
import { REPORT_REASON_MAX } from './group-constants.js';
import { Nullable, Text } from './schema-helpers.js';
import { GITHUB_LOGIN_PATTERN } from './string-patterns.js';

/** The most join requests one user may have pending at once, and may make in a day (429 past either). */
export const JOIN_REQUESTS_PENDING_MAX = 10;
export const JOIN_REQUESTS_PER_DAY_MAX = 30;

const Login = Type.String({ pattern: GITHUB_LOGIN_PATTERN, maxLength: 39 });
const Timestamp = Type.String({ format: 'date-time' });

/** POST and DELETE /api/account/blocks: whom to block or unblock. */
export const BlockBody = Type.Object({ login: Login }, { additionalProperties: false });
export type BlockBody = Static<typeof BlockBody>;

export const BlockedUser = Type.Object({
  login: Type.String(),
  name: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  blockedAt: Timestamp,
});
export type BlockedUser = Static<typeof BlockedUser>;
/** The caller's blocked users, the most recently blocked first. */
export const BlocksResponse = Type.Object({ data: Type.Array(BlockedUser) });
export type BlocksResponse = Static<typeof BlocksResponse>;

/** POST /api/users/report: a user's report on another user, for the moderators. */
export const ReportUserBody = Type.Object(
  { login: Login, reason: Text({ minLength: 1, maxLength: REPORT_REASON_MAX }) },
  { additionalProperties: false },
);
export type ReportUserBody = Static<typeof ReportUserBody>;
export const UserReportFiled = Type.Object({ login: Type.String(), status: Type.Literal('open') });
export type UserReportFiled = Static<typeof UserReportFiled>;

/* ---------- Moderators ---------- */

export const AdminUserParams = Type.Object({ login: Login });
export type AdminUserParams = Static<typeof AdminUserParams>;

/** A user with open reports, as the moderation page lists them beside reported groups. */
export const AdminReportedUser = Type.Object({
  login: Type.String(),
  name: Nullable(Type.String()),
  suspended: Type.Boolean(),
  suspensionReason: Nullable(Type.String()),
  reports: Type.Array(Type.Object({ reporter: Type.String(), reason: Type.String(), at: Timestamp })),
});
export type AdminReportedUser = Static<typeof AdminReportedUser>;
export const AdminUserReportsResponse = Type.Object({
  data: Type.Array(AdminReportedUser),
  page: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
});
export type AdminUserReportsResponse = Static<typeof AdminUserReportsResponse>;

/** A body whose reason is required (suspend, lift). */
export const SuspensionBody = Type.Object({
  reason: Text({ minLength: 1, maxLength: MODERATION_REASON_MAX }),
});
export type SuspensionBody = Static<typeof SuspensionBody>;
/** A body whose reason is optional (dismissing a user's reports). */
export const DismissUserReportsBody = Type.Object({
  reason: Type.Optional(Text({ minLength: 1, maxLength: MODERATION_REASON_MAX })),
});
export type DismissUserReportsBody = Static<typeof DismissUserReportsBody>;

export const SuspensionOutcome = Type.Object({
  login: Type.String(),
  suspended: Type.Boolean(),
  /** Suspend: the sessions it ended (the account is signed out everywhere). */
  sessionsEnded: Type.Integer({ minimum: 0 }),
  /** Open reports on the user this closed. */
  reportsClosed: Type.Integer({ minimum: 0 }),
});
export type SuspensionOutcome = Static<typeof SuspensionOutcome>;

/** The sign-in answer's message for a suspended account: shown to them as is. */
export const suspendedMessage = (reason: string) => `Your account is suspended: ${reason}`;
