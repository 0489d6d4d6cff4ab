/**
 * Alerts for new issues: a user's saved finder searches ("Tell me about new issues like these"), each telling its
 * user in the bell (and the digest mail, when mail is on) of new matching issues, at most once an hour, grouped.
 * `GET/POST /api/account/alerts`, `DELETE /api/account/alerts/:alertId`.
 */
import { Type, type Static } from 'typebox';
import { IssueListRequest } from './issues.js';
import { Nullable } from './schema-helpers.js';

/** How many alerts one user may keep. */
export const MAX_ISSUE_ALERTS = 10;
/** An alert tells its user at most once in this many minutes; what matches meanwhile comes grouped in the next. */
export const ISSUE_ALERT_EVERY_MINUTES = 60;

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });

/** The finder's filters an alert matches new issues by: the finder's request without its sort and cursor. */
export const IssueAlertFilters = Type.Omit(IssueListRequest, ['sort', 'cursor'], {
  additionalProperties: false,
});
export type IssueAlertFilters = Static<typeof IssueAlertFilters>;

/** POST /api/account/alerts: an alert from the finder's current filters. */
export const CreateIssueAlertBody = Type.Object(
  { filters: IssueAlertFilters },
  { additionalProperties: false },
);
export type CreateIssueAlertBody = Static<typeof CreateIssueAlertBody>;

export const IssueAlertParams = Type.Object({ alertId: Id });
export type IssueAlertParams = Static<typeof IssueAlertParams>;

export const IssueAlert = Type.Object({
  id: Type.Integer(),
  /** What the bell calls it: "TypeScript, good first issue". */
  name: Type.String(),
  filters: IssueAlertFilters,
  /** The finder's address for these filters, from `/issues` on: `?languages=TypeScript&label=good%20first%20issue`. */
  finderQuery: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** When it last told its user; null: not yet. */
  notifiedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type IssueAlert = Static<typeof IssueAlert>;

/** GET /api/account/alerts: the caller's alerts, oldest first. */
export const IssueAlertsResponse = Type.Object({
  data: Type.Array(IssueAlert),
  /** How many one user may keep. */
  limit: Type.Integer({ minimum: 1 }),
});
export type IssueAlertsResponse = Static<typeof IssueAlertsResponse>;

/** The finder's query string for an alert's filters (as the web's finder writes it), with a leading '?' or ''. */
export function finderQueryOf(filters: IssueAlertFilters): string {
  const list = (name: string, values: readonly string[] | undefined) =>
    values && values.length > 0 ? [`${name}=${values.map(encodeURIComponent).join(',')}`] : [];
  const parts = [
    ...list('languages', filters.languages),
    ...list('topics', filters.topics),
    ...(filters.label ? [`label=${encodeURIComponent(filters.label)}`] : []),
    ...(filters.notTaken === false ? ['taken=any'] : []),
    ...(filters.answersWithinWeek ? ['answers=week'] : []),
    ...(filters.updatedWithinDays ? [`updated=${filters.updatedWithinDays}`] : []),
    ...(filters.projectId ? [`project=${filters.projectId}`] : []),
    ...(filters.includeQuiet ? ['quiet=show'] : []),
  ];
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
