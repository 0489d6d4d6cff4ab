import { CLAIM_COMMENT_DAYS } from '@openlfg/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import type { StoredIssue } from './applied.js';
import type { IssueSnapshot, PullRequestSnapshot } from './payloads.js';

/** A catalogued project a delivery is about. */
export interface DeliveryProject {
  id: number;
  repoExt: string;
}

/**
 * GitHub's signals as the sync writes them (catalog/sync/repository.ts, writeIssues): an assignee or an open linked
 * pull request takes the issue for good, a claim comment for CLAIM_COMMENT_DAYS from its date. Evaluated on the
 * row's stored columns, after the delivery changed them.
 */
const TAKEN_UNTIL = sql<Date>`case
  when assignee is not null or pull_request_number is not null then 'infinity'::timestamptz
  when claim_comment_at is not null then claim_comment_at + make_interval(days => ${CLAIM_COMMENT_DAYS})
  else '-infinity'::timestamptz end`;

/** All SQL of webhook deliveries; every write takes the delivery's transaction. */
export function createWebhooksRepository(db: Kysely<DB>) {
  /** The issue's taken signal again from its columns; answers the ids it touched. */
  async function retake(trx: Transaction<DB>, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await trx
      .updateTable('issues')
      .set({ github_taken_until: TAKEN_UNTIL })
      .where('id', 'in', ids)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  return {
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /**
     * Records the delivery's id; false when it was recorded before (a redelivery). A second copy arriving at the
     * same time waits on the first's row and then finds it.
     */
    async recordDelivery(trx: Transaction<DB>, deliveryId: string, event: string): Promise<boolean> {
      const row = await trx
        .insertInto('webhook_deliveries')
        .values({ delivery_id: deliveryId, event })
        .onConflict((oc) => oc.column('delivery_id').doNothing())
        .returning('delivery_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Forgets delivery ids older than `days`: GitHub redelivers (by hand) for three days at most. */
    async pruneDeliveries(trx: Transaction<DB>, days: number): Promise<void> {
      await trx
        .deleteFrom('webhook_deliveries')
        .where(sql<boolean>`received_at < now() - make_interval(days => ${days})`)
        .execute();
    },

    async projectByRepo(trx: Transaction<DB>, repoExt: string): Promise<DeliveryProject | null> {
      const row = await trx
        .selectFrom('projects')
        .select(['id', 'repo_ext'])
        .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
        .executeTakeFirst();
      return row ? { id: row.id, repoExt: row.repo_ext } : null;
    },

    /**
     * An open beginner issue as GitHub shows it now, inserted or refreshed as the sync would (its own facts:
     * title, labels, dates, comments, assignee); a newly opened issue starts with no pull request nor claim
     * comment. A delivery older than what is stored (deliveries may arrive out of order) changes nothing.
     * Answers the issue's id when it was written.
     */
    async writeOpenBeginnerIssue(
      trx: Transaction<DB>,
      projectId: number,
      issue: IssueSnapshot,
    ): Promise<StoredIssue | null> {
      const row = await trx
        .insertInto('issues')
        .values({
          project_id: projectId,
          number: issue.number,
          title: issue.title,
          url: issue.url,
          labels: JSON.stringify(issue.labels),
          label_names: issue.labels.map((label) => label.name.toLowerCase()),
          created_at: issue.createdAt,
          updated_at: issue.updatedAt,
          comments: issue.comments,
          assignee: issue.assignee,
          assigned_at: issue.assignee ? issue.updatedAt : null,
          // A new row has no pull request nor claim comment: only its assignee can take it.
          github_taken_until: issue.assignee ? 'infinity' : '-infinity',
          open: true,
          left_at: null,
          is_demo: false,
          synced_at: sql<Date>`now()`,
        })
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'number'])
            .doUpdateSet({
              title: sql`excluded.title`,
              url: sql`excluded.url`,
              labels: sql`excluded.labels`,
              label_names: sql`excluded.label_names`,
              created_at: sql`excluded.created_at`,
              updated_at: sql`excluded.updated_at`,
              comments: sql`excluded.comments`,
              assignee: sql`excluded.assignee`,
              // The assignment's date stays while the assignee does; a new assignee's is the delivery's.
              assigned_at: sql`case when issues.assignee is not distinct from excluded.assignee
                then issues.assigned_at else excluded.assigned_at end`,
              // TAKEN_UNTIL with the new assignee and the stored pull request and claim comment, in this one
              // statement (a delivery's few round trips are its cost).
              github_taken_until: sql`case
                when excluded.assignee is not null or issues.pull_request_number is not null
                  then 'infinity'::timestamptz
                when issues.claim_comment_at is not null
                  then issues.claim_comment_at + make_interval(days => ${CLAIM_COMMENT_DAYS})
                else '-infinity'::timestamptz end`,
              open: true,
              left_at: null,
              is_demo: false,
              synced_at: sql`now()`,
            })
            .where(sql<boolean>`issues.updated_at <= excluded.updated_at`),
        )
        // A row inserted, not updated (xmax 0): an issue stored for the first time.
        .returning(['id', sql<boolean>`xmax = 0`.as('is_new')])
        .executeTakeFirst();
      return row ? { id: row.id, isNew: row.is_new } : null;
    },

    /**
     * The issue is no longer an open beginner issue (closed, deleted, transferred, relabelled): marked left and its
     * claims on OpenLFG ended, as the sync does. Answers its id when it was open here.
     */
    async markLeft(trx: Transaction<DB>, projectId: number, number: number): Promise<number | null> {
      const row = await trx
        .updateTable('issues')
        .set({ open: false, left_at: sql<Date>`now()`, claimed_until: sql<Date>`'-infinity'::timestamptz` })
        .where('project_id', '=', projectId)
        .where('number', '=', number)
        .where('open', '=', true)
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      await trx.deleteFrom('issue_claims').where('issue_id', '=', row.id).execute();
      return row.id;
    },

    /** A claim comment: the latest one counts (its date starts the signal's days). */
    async recordClaimComment(
      trx: Transaction<DB>,
      projectId: number,
      number: number,
      claim: { by: string | null; at: Date },
    ): Promise<number | null> {
      const row = await trx
        .updateTable('issues')
        .set({ claim_comment_by: claim.by, claim_comment_at: claim.at })
        .where('project_id', '=', projectId)
        .where('number', '=', number)
        .where('open', '=', true)
        .where((eb) => eb.or([eb('claim_comment_at', 'is', null), eb('claim_comment_at', '<', claim.at)]))
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      await retake(trx, [row.id]);
      return row.id;
    },

    /**
     * An open pull request linking these issues: each takes it unless it already shows a newer one (the sync
     * keeps the newest open pull request).
     */
    async linkPullRequest(
      trx: Transaction<DB>,
      projectId: number,
      numbers: number[],
      pull: PullRequestSnapshot,
    ): Promise<number[]> {
      if (numbers.length === 0) return [];
      const rows = await trx
        .updateTable('issues')
        .set({
          pull_request_number: pull.number,
          pull_request_url: pull.url,
          pull_request_by: pull.by,
          pull_request_at: pull.at,
        })
        .where('project_id', '=', projectId)
        .where('number', 'in', numbers)
        .where('open', '=', true)
        .where((eb) =>
          eb.or([
            eb('pull_request_number', 'is', null),
            eb('pull_request_number', '=', pull.number),
            eb('pull_request_at', '<=', pull.at),
          ]),
        )
        .returning('id')
        .execute();
      return retake(
        trx,
        rows.map((row) => row.id),
      );
    },

    /**
     * The pull request no longer links these issues (closed, or its text no longer says so): those showing it
     * lose it. Null `numbers`: every issue of the project showing it.
     */
    async unlinkPullRequest(
      trx: Transaction<DB>,
      projectId: number,
      pullNumber: number,
      numbers: number[] | null,
    ): Promise<number[]> {
      if (numbers !== null && numbers.length === 0) return [];
      let query = trx
        .updateTable('issues')
        .set({
          pull_request_number: null,
          pull_request_url: null,
          pull_request_by: null,
          pull_request_at: null,
        })
        .where('project_id', '=', projectId)
        .where('pull_request_number', '=', pullNumber);
      if (numbers !== null) query = query.where('number', 'in', numbers);
      const rows = await query.returning('id').execute();
      return retake(
        trx,
        rows.map((row) => row.id),
      );
    },

    async saveInstallation(trx: Transaction<DB>, id: number, account: string | null): Promise<void> {
      await trx
        .insertInto('github_installations')
        .values({ id, account_login: account })
        .onConflict((oc) => oc.column('id').doUpdateSet({ account_login: account }))
        .execute();
    },

    /** The installation is gone: the projects it covered fall back to the server's token (foreign key). */
    async deleteInstallation(trx: Transaction<DB>, id: number): Promise<void> {
      await trx.deleteFrom('github_installations').where('id', '=', id).execute();
    },

    /** Marks the catalogued projects among `repoExts` covered by the installation (or by none: null). */
    async setCoverage(
      trx: Transaction<DB>,
      repoExts: string[],
      installationId: number | null,
      onlyFrom?: number,
    ): Promise<number> {
      if (repoExts.length === 0) return 0;
      let query = trx
        .updateTable('projects')
        .set({ github_installation_id: installationId })
        .where(
          sql<boolean>`lower(repo_ext) in (${sql.join(repoExts.map((name) => sql`${name.toLowerCase()}`))})`,
        );
      if (onlyFrom !== undefined) query = query.where('github_installation_id', '=', onlyFrom);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
