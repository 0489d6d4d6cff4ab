import {
  ANSWERS_WITHIN_WEEK_HOURS,
  FINDER_STALE_PUSH_DAYS,
  ISSUE_ALERT_EVERY_MINUTES,
} from '@openlfg/contracts';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, IssueAlertsTable } from '../platform/db/schema.js';
import { issueMatchKeys } from './match-keys.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Alerts told in one round at most: a short transaction however many are due. */
export const SEND_BATCH = 500;

export type NewAlert = Omit<Insertable<IssueAlertsTable>, 'id' | 'created_at' | 'notified_at'>;

/** All SQL of alerts for new issues. */
export function createAlertsRepository(db: Kysely<DB>) {
  return {
    db,

    list(userId: number) {
      return db.selectFrom('issue_alerts').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /** The alert's owner, or undefined when there is no such alert. */
    async ownerOf(alertId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('issue_alerts')
        .select('user_id')
        .where('id', '=', alertId)
        .executeTakeFirst();
      return row?.user_id;
    },

    async projectName(projectId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('projects')
        .select('repo_ext')
        .where('id', '=', projectId)
        .executeTakeFirst();
      return row?.repo_ext;
    },

    /**
     * Saves the alert unless the user already keeps `max`: counted under a lock on the user's row, so two saves
     * at once cannot pass the limit together. Answers the row, or null at the limit.
     */
    create(alert: NewAlert, max: number) {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', alert.user_id).forUpdate().execute();
        const { n } = await trx
          .selectFrom('issue_alerts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', alert.user_id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return null;
        return trx.insertInto('issue_alerts').values(alert).returningAll().executeTakeFirstOrThrow();
      });
    },

    async remove(alertId: number): Promise<void> {
      await db.deleteFrom('issue_alerts').where('id', '=', alertId).execute();
    },

    /**
     * The alerts each of these issues matches: the candidates that share one of the issue's match keys (the GIN
     * index), then every filter as the finder applies it, read off the issue's own columns.
     */
    async matchingAlerts(executor: Executor, issueIds: readonly number[]) {
      if (issueIds.length === 0) return [];
      const issues = await executor
        .selectFrom('issues')
        .select(['id', 'project_id', 'project_language', 'project_topics', 'label_names'])
        .where('id', 'in', issueIds)
        .execute();
      const matches: { alertId: number; issueId: number }[] = [];
      for (const issue of issues) {
        const keys = issueMatchKeys({
          projectId: issue.project_id,
          language: issue.project_language,
          topics: issue.project_topics,
          labelNames: issue.label_names,
        });
        const { rows } = await sql<{ id: number }>`
          select a.id from issue_alerts a, issues i
          where i.id = ${issue.id} and a.match_keys && ${sql.val(keys)}::text[]
            and i.open and not i.project_archived
            and (a.include_quiet or i.project_pushed_at is null
                 or i.project_pushed_at > now() - make_interval(days => ${FINDER_STALE_PUSH_DAYS}))
            and (cardinality(a.languages) = 0 or i.project_language = any(a.languages))
            and i.project_topics @> a.topics
            and (a.label is null or i.label_names @> array[a.label])
            and (not a.not_taken or (i.github_taken_until < now() and i.claimed_until < now()))
            and (not a.answers_within_week or i.project_median_hours <= ${ANSWERS_WITHIN_WEEK_HOURS})
            and (a.updated_within_days is null
                 or i.updated_at > now() - make_interval(days => a.updated_within_days))
            and (a.project_id is null or a.project_id = i.project_id)`.execute(executor);
        for (const row of rows) matches.push({ alertId: Number(row.id), issueId: issue.id });
      }
      return matches;
    },

    async addMatches(executor: Executor, matches: readonly { alertId: number; issueId: number }[]) {
      if (matches.length === 0) return;
      await executor
        .insertInto('issue_alert_matches')
        .values(matches.map((m) => ({ alert_id: m.alertId, issue_id: m.issueId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /**
     * Takes the matches of the alerts due to tell (none in the last hour), `only` these alerts when given: the
     * alerts locked (others' rounds skip them), their matches deleted and counted as deleted (a match written
     * meanwhile stays for the next round), the alerts marked told. Answers each alert with its count.
     */
    async takeDue(trx: Transaction<DB>, only: readonly number[] | null) {
      let due = trx
        .selectFrom('issue_alerts as a')
        .select('a.id')
        .where((eb) =>
          eb.or([
            eb('a.notified_at', 'is', null),
            eb('a.notified_at', '<=', sql<Date>`now() - make_interval(mins => ${ISSUE_ALERT_EVERY_MINUTES})`),
          ]),
        )
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('issue_alert_matches as m').select('m.alert_id').whereRef('m.alert_id', '=', 'a.id'),
          ),
        );
      if (only !== null) {
        if (only.length === 0) return [];
        due = due.where('a.id', 'in', only);
      }
      const ids = (await due.orderBy('a.id').limit(SEND_BATCH).forUpdate().skipLocked().execute()).map(
        (row) => row.id,
      );
      if (ids.length === 0) return [];
      const taken = await trx
        .deleteFrom('issue_alert_matches')
        .where('alert_id', 'in', ids)
        .returning('alert_id')
        .execute();
      const counts = new Map<number, number>();
      for (const { alert_id } of taken) counts.set(alert_id, (counts.get(alert_id) ?? 0) + 1);
      const told = await trx
        .updateTable('issue_alerts')
        .set({ notified_at: sql<Date>`now()` })
        .where('id', 'in', [...counts.keys()])
        .returningAll()
        .execute();
      return told.map((alert) => ({ alert, count: counts.get(alert.id) ?? 0 }));
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
export type AlertRow = Awaited<ReturnType<AlertsRepository['list']>>[number];
