import {
  ANSWERS_WITHIN_WEEK_HOURS,
  FINDER_STALE_PUSH_DAYS,
  ISSUE_ALERT_EVERY_MINUTES,
} from '@openlfg/contracts';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, IssueAlertsTable } from '../platform/db/schema.js';
import { alertMatchKeys, issueMatchKeys } from './match-keys.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Alerts told in one round at most: a short transaction however many are due. */
export const SEND_BATCH = 500;

export type NewAlert = Omit<Insertable<IssueAlertsTable>, 'id' | 'created_at' | 'notified_at'> & {
  languages: string[];
  topics: string[];
  label: string | null;
  project_id: number | null;
  not_taken: boolean;
  answers_within_week: boolean;
  include_quiet: boolean;
  updated_within_days: number | null;
};

/** Saves alerts with their match keys (each key beside the filters it leaves to check); answers the rows. */
export async function insertAlerts(executor: Executor, alerts: readonly NewAlert[]) {
  if (alerts.length === 0) return [];
  const rows = await executor
    .insertInto('issue_alerts')
    .values([...alerts])
    .returningAll()
    .execute();
  const keys = rows.flatMap((row) =>
    alertMatchKeys({
      projectId: row.project_id,
      languages: row.languages,
      topics: row.topics,
      label: row.label,
    }).map((key) => ({
      key,
      alert_id: row.id,
      topics: row.topics,
      not_taken: row.not_taken,
      answers_within_week: row.answers_within_week,
      include_quiet: row.include_quiet,
      updated_within_days: row.updated_within_days,
    })),
  );
  await executor.insertInto('issue_alert_keys').values(keys).execute();
  return rows;
}

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
        const [row] = await insertAlerts(trx, [alert]);
        return row ?? null;
      });
    },

    async remove(alertId: number): Promise<void> {
      await db.deleteFrom('issue_alerts').where('id', '=', alertId).execute();
    },

    /**
     * The alerts each of these issues matches: the issue's match keys looked up in the keys' primary key, whose
     * rows carry what a key leaves to check (topics beyond the first, taken, answers, quiet, updated), so the
     * candidates are found and checked in one index range, against the issue's facts read once.
     */
    async matchingAlerts(executor: Executor, issueIds: readonly number[]) {
      if (issueIds.length === 0) return [];
      const issues = await executor
        .selectFrom('issues as i')
        .select([
          'i.id',
          'i.project_id',
          'i.project_language',
          'i.project_topics',
          'i.label_names',
          sql<boolean>`i.github_taken_until < now() and i.claimed_until < now()`.as('free'),
          sql<boolean>`coalesce(i.project_median_hours <= ${ANSWERS_WITHIN_WEEK_HOURS}, false)`.as('fast'),
          sql<boolean>`i.project_pushed_at is null
            or i.project_pushed_at > now() - make_interval(days => ${FINDER_STALE_PUSH_DAYS})`.as('fresh'),
          sql<number>`extract(epoch from now() - i.updated_at) / 86400`.as('age_days'),
        ])
        .where('i.id', 'in', issueIds)
        .where('i.open', '=', true)
        .where('i.project_archived', '=', false)
        .execute();
      const matches: { alertId: number; issueId: number }[] = [];
      for (const issue of issues) {
        const keys = issueMatchKeys({
          projectId: issue.project_id,
          language: issue.project_language,
          topics: issue.project_topics,
          labelNames: issue.label_names,
        });
        const { ids } = await executor
          .selectFrom('issue_alert_keys as k')
          // One text of ids, not a row per alert: a popular issue matches thousands, and rows cost far more to
          // hand over than the range costs to read.
          .select(sql<string>`coalesce(string_agg(k.alert_id::text, ','), '')`.as('ids'))
          .where('k.key', '=', sql<string>`any(${sql.val(keys)}::text[])`)
          .where(sql<boolean>`k.topics <@ ${sql.val(issue.project_topics)}::text[]`)
          .where(sql<boolean>`(${issue.free} or not k.not_taken)`)
          .where(sql<boolean>`(${issue.fast} or not k.answers_within_week)`)
          .where(sql<boolean>`(${issue.fresh} or k.include_quiet)`)
          .where(
            sql<boolean>`(k.updated_within_days is null or k.updated_within_days > ${Number(issue.age_days)}::float8)`,
          )
          .executeTakeFirstOrThrow();
        for (const id of ids === '' ? [] : ids.split(','))
          matches.push({ alertId: Number(id), issueId: issue.id });
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
