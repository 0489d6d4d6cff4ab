import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** The cache of a project's open issues and pull requests (issues.ts), with the ETags that refresh it. */
export function createIssueCacheRepository(db: Kysely<DB>) {
  return {
    readIssueCache(projectId: number) {
      return db
        .selectFrom('project_issue_cache')
        .selectAll()
        .where('project_id', '=', projectId)
        .executeTakeFirst();
    },

    writeIssueCache(entry: {
      projectId: number;
      issues: unknown[];
      issuesEtag: string | null;
      pullsEtag: string | null;
      linkedIssueNumbers: number[];
      fetchedAt: Date;
    }) {
      const values = {
        issues: JSON.stringify(entry.issues),
        issues_etag: entry.issuesEtag,
        pulls_etag: entry.pullsEtag,
        linked_issue_numbers: JSON.stringify(entry.linkedIssueNumbers),
        fetched_at: entry.fetchedAt,
      };
      return db
        .insertInto('project_issue_cache')
        .values({ project_id: entry.projectId, ...values })
        .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
        .execute();
    },
  };
}
