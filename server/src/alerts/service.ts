import {
  canonicalTopics,
  ErrorCode,
  finderQueryOf,
  MAX_ISSUE_ALERTS,
  type CreateIssueAlertBody,
  type IssueAlert,
  type IssueAlertsResponse,
} from '@openlfg/contracts';
import type { Transaction } from 'kysely';
import { authorizeAlert } from '../groups/policy-alerts.js';
import type { NotificationsService, PushNotifications } from '../notifications/service.js';
import type { DB } from '../platform/db/schema.js';
import { HttpError, notFound } from '../platform/http/errors.js';
import { repeatEvery } from '../platform/repeat.js';
import { filtersOf, toIssueAlert } from './presenters.js';
import type { AlertsRepository } from './repository.js';
import { SEND_BATCH } from './repository.js';

interface Caller {
  id: number;
}

/** What an alert is called: its filters in a few words, "TypeScript, good first issue". */
export function alertName(
  filters: {
    languages: readonly string[];
    topics: readonly string[];
    label: string | null;
    notTaken: boolean;
    answersWithinWeek: boolean;
    updatedWithinDays: number | null;
    includeQuiet: boolean;
  },
  projectName: string | null,
): string {
  const parts = [
    ...(projectName ? [projectName] : []),
    ...filters.languages,
    ...filters.topics,
    ...(filters.label ? [filters.label] : []),
    ...(filters.answersWithinWeek ? ['maintainers answer within a week'] : []),
    ...(filters.updatedWithinDays !== null ? [`updated within ${filters.updatedWithinDays} days`] : []),
    ...(filters.notTaken ? [] : ['taken ones too']),
    ...(filters.includeQuiet ? ['quiet projects too'] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : 'any beginner issue';
}

/**
 * Alerts for new issues: a user's saved finder searches, and telling them of new matching issues. Whatever writes
 * new issues (the catalogue sync, a webhook) calls `alertNewIssues` in its writing transaction; an alert tells at
 * most once an hour, so what matches meanwhile waits and `sendDue` (on a timer) tells it grouped.
 */
export function createAlertsService(deps: {
  repository: AlertsRepository;
  notify: NotificationsService['record'];
}) {
  const { repository } = deps;

  /** Tells the due alerts (of `only`, when given) of their waiting matches, one notification each. */
  async function tellDue(trx: Transaction<DB>, only: readonly number[] | null): Promise<PushNotifications[]> {
    const due = await repository.takeDue(trx, only);
    const pushes: PushNotifications[] = [];
    for (const { alert, count } of due) {
      pushes.push(
        await deps.notify(trx, {
          kind: 'new-issues',
          recipients: [alert.user_id],
          actorId: null,
          subject: alert.name,
          issueCount: count,
          finderQuery: finderQueryOf(filtersOf(alert)),
        }),
      );
    }
    return pushes;
  }

  return {
    async list(caller: Caller): Promise<IssueAlertsResponse> {
      authorizeAlert('list-alerts', null, caller.id);
      const rows = await repository.list(caller.id);
      return { data: rows.map(toIssueAlert), limit: MAX_ISSUE_ALERTS };
    },

    async create(caller: Caller, body: CreateIssueAlertBody): Promise<IssueAlert> {
      authorizeAlert('create-alert', null, caller.id);
      const input = body.filters;
      // Normalised as the finder reads them, so an alert matches what its finder shows.
      const filters = {
        languages: [...new Set(input.languages ?? [])],
        topics: canonicalTopics(input.topics ?? []),
        label: input.label?.trim().toLowerCase() || null,
        notTaken: input.notTaken ?? true,
        answersWithinWeek: input.answersWithinWeek ?? false,
        updatedWithinDays: input.updatedWithinDays ?? null,
        projectId: input.projectId ?? null,
        includeQuiet: input.includeQuiet ?? false,
      };
      const projectName =
        filters.projectId === null ? null : ((await repository.projectName(filters.projectId)) ?? null);
      if (filters.projectId !== null && projectName === null)
        throw notFound(`There is no project ${filters.projectId}.`);
      const row = await repository.create(
        {
          user_id: caller.id,
          name: alertName(filters, projectName),
          languages: filters.languages,
          topics: filters.topics,
          label: filters.label,
          not_taken: filters.notTaken,
          answers_within_week: filters.answersWithinWeek,
          updated_within_days: filters.updatedWithinDays,
          project_id: filters.projectId,
          include_quiet: filters.includeQuiet,
        },
        MAX_ISSUE_ALERTS,
      );
      if (!row)
        throw new HttpError(
          409,
          ErrorCode.alertLimit,
          `You already keep ${MAX_ISSUE_ALERTS} alerts, the most one person may. ` +
            'Remove one under Alerts for new issues in your email settings (/settings/email) first.',
        );
      return toIssueAlert(row);
    },

    async remove(caller: Caller, alertId: number): Promise<void> {
      const ownerId = await repository.ownerOf(alertId);
      authorizeAlert('delete-alert', ownerId === undefined ? null : { ownerId }, caller.id);
      await repository.remove(alertId);
    },

    /**
     * THE matching of new issues to alerts, for whatever writes issues: call it in the writing transaction with
     * the ids of the issues it stored for the first time. Each match waits on its alert; an alert not told in the
     * last hour tells its user now (one notification for all its waiting matches). Answers the push to run
     * once the transaction has committed.
     */
    async alertNewIssues(trx: Transaction<DB>, issueIds: readonly number[]): Promise<PushNotifications> {
      if (issueIds.length === 0) return () => {};
      const matches = await repository.matchingAlerts(trx, issueIds);
      if (matches.length === 0) return () => {};
      await repository.addMatches(trx, matches);
      const pushes = await tellDue(trx, [...new Set(matches.map((m) => m.alertId))]);
      return () => pushes.forEach((push) => push());
    },

    /** One round of the alerts whose hour has passed with matches waiting; answers how many were told. */
    async sendDue(): Promise<number> {
      const pushes = await repository.db.transaction().execute((trx) => tellDue(trx, null));
      pushes.forEach((push) => push());
      return pushes.length;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;

/** The alerts that waited out their hour are told on a timer (unref'd), a full batch draining at once. */
export function startAlertRounds(
  service: Pick<AlertsService, 'sendDue'>,
  log: { warn(object: object, message: string): void },
  everyMs = 60_000,
): () => void {
  return repeatEvery(
    async () => ((await service.sendDue()) >= SEND_BATCH ? 1000 : undefined),
    everyMs,
    (error) => log.warn({ err: error }, 'sending due issue alerts failed; trying again later'),
  );
}
