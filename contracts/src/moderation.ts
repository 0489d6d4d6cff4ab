import { Type, type Static } from 'typebox';
import { MODERATION_REASON_MAX } from './constants.js';
import { Nullable, Text } from './schema-helpers.js';

/** Moderation (/api/admin/...): only for the GitHub logins in ADMIN_LOGINS. */

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const Timestamp = Type.String({ format: 'date-time' });

export const AdminPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
});
export type AdminPageQuery = Static<typeof AdminPageQuery>;
export const AdminIdParams = Type.Object({ id: Id });
export type AdminIdParams = Static<typeof AdminIdParams>;
export const AdminGroupParams = Type.Object({ groupId: Id });
export type AdminGroupParams = Static<typeof AdminGroupParams>;

const Reason = Text({ minLength: 1, maxLength: MODERATION_REASON_MAX });
/** A body whose reason is required (reject, hide). */
export const ReasonBody = Type.Object({ reason: Reason });
export type ReasonBody = Static<typeof ReasonBody>;
/** A body whose reason is optional (approve, dismiss, delete, remove, sync). */
export const OptionalReasonBody = Type.Object({ reason: Type.Optional(Reason) });
export type OptionalReasonBody = Static<typeof OptionalReasonBody>;

const Paging = {
  page: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
};

export const ModeratorStatus = Type.Object({ moderator: Type.Boolean() });
export type ModeratorStatus = Static<typeof ModeratorStatus>;

export const AdminProjectRequest = Type.Object({
  id: Type.Integer(),
  repoExt: Type.String(),
  createdAt: Timestamp,
  requesters: Type.Array(Type.String()),
  /** The repository is already in the catalogue. */
  listed: Type.Boolean(),
});
export type AdminProjectRequest = Static<typeof AdminProjectRequest>;
export const AdminRequestsResponse = Type.Object({ data: Type.Array(AdminProjectRequest), ...Paging });
export type AdminRequestsResponse = Static<typeof AdminRequestsResponse>;

/** A repository's figures as GitHub answers them now. */
export const RepositoryFigures = Type.Object({
  repoExt: Type.String(),
  stars: Type.Integer(),
  forks: Type.Integer(),
  description: Nullable(Type.String()),
  language: Nullable(Type.String()),
  archived: Type.Boolean(),
  pushedAt: Nullable(Type.String()),
  license: Nullable(Type.String()),
});
export type RepositoryFigures = Static<typeof RepositoryFigures>;

export const RequestDecision = Type.Object({
  id: Type.Integer(),
  repoExt: Type.String(),
  status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
  /** Approve: the catalogue project (new, or the one already listed). */
  projectId: Nullable(Type.Integer()),
});
export type RequestDecision = Static<typeof RequestDecision>;

export const AdminReport = Type.Object({ reporter: Type.String(), reason: Type.String(), at: Timestamp });
export const AdminReportedGroup = Type.Object({
  groupId: Type.Integer(),
  /** The title stored with the reports (the group may be gone). */
  title: Type.String(),
  exists: Type.Boolean(),
  hidden: Type.Boolean(),
  reports: Type.Array(AdminReport),
});
export type AdminReportedGroup = Static<typeof AdminReportedGroup>;
export const AdminReportsResponse = Type.Object({ data: Type.Array(AdminReportedGroup), ...Paging });
export type AdminReportsResponse = Static<typeof AdminReportsResponse>;

export const ReportOutcome = Type.Object({
  groupId: Type.Integer(),
  outcome: Type.Union([Type.Literal('dismissed'), Type.Literal('hidden'), Type.Literal('deleted')]),
  /** Open reports this closed. */
  reportsClosed: Type.Integer({ minimum: 0 }),
});
export type ReportOutcome = Static<typeof ReportOutcome>;

/** A group a moderator hid, as the moderation page lists them to restore. */
export const HiddenGroup = Type.Object({
  groupId: Type.Integer(),
  title: Type.String(),
  ownerLogin: Type.String(),
  hiddenAt: Timestamp,
  reason: Nullable(Type.String()),
});
export type HiddenGroup = Static<typeof HiddenGroup>;
export const HiddenGroupsResponse = Type.Object({ data: Type.Array(HiddenGroup), ...Paging });
export type HiddenGroupsResponse = Static<typeof HiddenGroupsResponse>;

export const RestoreOutcome = Type.Object({ groupId: Type.Integer(), restored: Type.Literal(true) });
export type RestoreOutcome = Static<typeof RestoreOutcome>;

const Budget = Type.Object({ remaining: Nullable(Type.Integer()), resetAt: Nullable(Timestamp) });
export const CatalogueHealth = Type.Object({
  lastRun: Nullable(
    Type.Object({
      id: Type.Integer(),
      status: Type.String(),
      startedAt: Timestamp,
      finishedAt: Nullable(Timestamp),
      total: Type.Integer(),
      synced: Type.Integer(),
      failed: Type.Integer(),
      error: Nullable(Type.String()),
    }),
  ),
  /** The last run's failures (the first 100). */
  failures: Type.Array(Type.Object({ repoExt: Type.String(), kind: Type.String(), reason: Type.String() })),
  budgets: Type.Object({ github: Budget, graphql: Budget, ecosystemsRemaining: Nullable(Type.Integer()) }),
  projectsTotal: Type.Integer({ minimum: 0 }),
  /** Archived or unreachable projects, paged. */
  problems: Type.Object({
    data: Type.Array(
      Type.Object({
        id: Type.Integer(),
        repoExt: Type.String(),
        archived: Type.Boolean(),
        unreachableSince: Nullable(Timestamp),
      }),
    ),
    ...Paging,
  }),
  syncRunning: Type.Boolean(),
  /** Whether this server can sync at all: false without a GitHub token (GITHUB_TOKEN), so "Sync now" is off. */
  syncAvailable: Type.Boolean(),
});
export type CatalogueHealth = Static<typeof CatalogueHealth>;

export const SyncStarted = Type.Object({ runId: Type.Integer(), total: Type.Integer() });
export type SyncStarted = Static<typeof SyncStarted>;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  actor: Type.String(),
  action: Type.String(),
  objectType: Type.String(),
  objectId: Type.String(),
  reason: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditLogResponse = Type.Object({ data: Type.Array(AuditEntry), ...Paging });
export type AuditLogResponse = Static<typeof AuditLogResponse>;
