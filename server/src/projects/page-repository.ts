import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { lastSyncAt } from './list-repository.js';
import { projectCardColumns } from './presenters.js';
import { holdProject } from './saves-repository.js';

/** An active claim on one of the project's open issues, with its holder. */
export interface ClaimRow {
  user_id: number;
  /** 0 for the demo's made-up people, who have no GitHub account. */
  github_id: number;
  login: string;
  avatar_url: string | null;
  issue_id: number;
  number: number;
  title: string;
  expires_at: Date;
}

/** Someone who said "I'd like to contribute here". */
export interface ContributorRow {
  user_id: number;
  github_id: number;
  login: string;
  avatar_url: string | null;
  created_at: Date;
}

/** A project's page: the project with the caller's standing, its people, and the contribute toggle. */
export function createPageRepository(db: Kysely<DB>) {
  return {
    /**
     * The project named `repoExt` (ignoring case, through its unique index), whether `callerId` saved it and
     * said they would contribute, how many people claim its issues and would contribute, and when the last sync
     * that brought figures ended: one statement.
     */
    findPage(repoExt: string, callerId: number | null) {
      return db
        .selectFrom('projects')
        .select(projectCardColumns)
        .select([
          lastSyncAt,
          sql<boolean>`exists (select 1 from project_saves s
            where s.project_id = projects.id and s.user_id = ${callerId})`.as('saved'),
          sql<boolean>`exists (select 1 from project_contributors c
            where c.project_id = projects.id and c.user_id = ${callerId})`.as('contributing'),
          sql<number>`(select count(*)::int from project_contributors c
            where c.project_id = projects.id)`.as('contributors_count'),
          sql<number>`(select count(distinct ic.user_id)::int from issue_claims ic
            join issues i on i.id = ic.issue_id
            where i.project_id = projects.id and i.open and ic.expires_at > now())`.as('claimers_count'),
        ])
        .where(sql<boolean>`lower(projects.repo_ext) = lower(${repoExt})`)
        .executeTakeFirst();
    },

    /** The active claims on the project's open issues, soonest to expire last (the newest claims first). */
    claims(projectId: number, limit: number): Promise<ClaimRow[]> {
      return db
        .selectFrom('issue_claims as c')
        .innerJoin('issues as i', 'i.id', 'c.issue_id')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select([
          'u.id as user_id',
          'u.github_id',
          'u.login',
          'u.avatar_url',
          'i.id as issue_id',
          'i.number',
          'i.title',
        ])
        .select('c.expires_at')
        .where('i.project_id', '=', projectId)
        .where('i.open', '=', true)
        .where('c.expires_at', '>', sql<Date>`now()`)
        .orderBy('c.claimed_at', 'desc')
        .orderBy('c.issue_id')
        .limit(limit)
        .execute();
    },

    /** Who said "I'd like to contribute here", the most recent first. */
    contributors(projectId: number, limit: number): Promise<ContributorRow[]> {
      return db
        .selectFrom('project_contributors as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['u.id as user_id', 'u.github_id', 'u.login', 'u.avatar_url', 'c.created_at'])
        .where('c.project_id', '=', projectId)
        .orderBy('c.created_at', 'desc')
        .orderBy('u.id')
        .limit(limit)
        .execute();
    },

    /**
     * Says or takes back "I'd like to contribute here"; repeats change nothing. The project is held meanwhile
     * (`holdProject`). Answers the count after the change, or undefined when there is no such project.
     */
    setContributing(projectId: number, userId: number, on: boolean) {
      return db.transaction().execute(async (trx) => {
        if (!(await holdProject(trx, projectId))) return undefined;
        if (on) {
          await trx
            .insertInto('project_contributors')
            .values({ project_id: projectId, user_id: userId })
            .onConflict((oc) => oc.doNothing())
            .execute();
        } else {
          await trx
            .deleteFrom('project_contributors')
            .where('project_id', '=', projectId)
            .where('user_id', '=', userId)
            .execute();
        }
        const row = await trx
          .selectFrom('project_contributors')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow();
        return row.n;
      });
    },
  };
}

export type PageRepository = ReturnType<typeof createPageRepository>;
