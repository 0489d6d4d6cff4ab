import {
  CLAIM_COMMENT_DAYS,
  type FinderIssue,
  type IssueClaimInfo,
  type IssueLabel,
  type Responsiveness,
  type TakenSignal,
} from '@openlfg/contracts';
import type { FinderRow } from './repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "just now", "5 hours ago", "yesterday", "40 days ago". */
export function ago(date: Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - date.getTime());
  if (ms < HOUR) return 'just now';
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  }
  const days = Math.floor(ms / DAY);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** "within 5 hours", "within 2 days". */
function within(hours: number): string {
  if (hours < 1) return 'within an hour';
  if (hours < 24) {
    const whole = Math.ceil(hours);
    return `within ${whole} hour${whole === 1 ? '' : 's'}`;
  }
  const days = Math.ceil(hours / 24);
  return `within ${days} day${days === 1 ? '' : 's'}`;
}

export function toResponsiveness(medianHours: number | null, measuredAt: Date | null): Responsiveness {
  if (measuredAt === null) return { medianHours: null, text: 'maintainer replies not measured yet' };
  if (medianHours === null) return { medianHours: null, text: 'no maintainer reply on recent issues' };
  return { medianHours, text: `maintainers usually answer ${within(medianHours)}` };
}

export interface ClaimRow {
  issue_id: number;
  user_id: number;
  login: string;
  claimed_at: Date;
  expires_at: Date;
}

type SignalFields = Pick<
  FinderRow,
  | 'assignee'
  | 'assigned_at'
  | 'pull_request_number'
  | 'pull_request_by'
  | 'pull_request_at'
  | 'claim_comment_by'
  | 'claim_comment_at'
>;

/**
 * Whether someone is on the issue, strongest signal first (an open pull request, an assignee, a claim on
 * OpenLFG, a recent claim comment), with a reason a user can judge by. The finder's "not taken" filter
 * (github_taken_until, claimed_until) says the same in SQL.
 */
export function takenSignal(row: SignalFields, claim: ClaimRow | undefined, now: Date): TakenSignal {
  if (row.pull_request_number !== null && row.pull_request_at) {
    const by = row.pull_request_by ? ` by @${row.pull_request_by}` : '';
    return {
      state: 'pull_request',
      reason: `pull request #${row.pull_request_number} opened ${ago(row.pull_request_at, now)}${by}`,
      since: row.pull_request_at.toISOString(),
      by: row.pull_request_by,
    };
  }
  if (row.assignee !== null) {
    const when = row.assigned_at ? ` ${ago(row.assigned_at, now)}` : '';
    return {
      state: 'assigned',
      reason: `assigned to @${row.assignee}${when}, no pull request`,
      since: row.assigned_at?.toISOString() ?? null,
      by: row.assignee,
    };
  }
  if (claim) {
    return {
      state: 'claimed_here',
      reason: `claimed on OpenLFG by @${claim.login} ${ago(claim.claimed_at, now)}`,
      since: claim.claimed_at.toISOString(),
      by: claim.login,
    };
  }
  if (row.claim_comment_at && now.getTime() - row.claim_comment_at.getTime() < CLAIM_COMMENT_DAYS * DAY) {
    const who = row.claim_comment_by ? `@${row.claim_comment_by}` : 'someone';
    return {
      state: 'claim_comment',
      reason: `${who} said they would work on it ${ago(row.claim_comment_at, now)}`,
      since: row.claim_comment_at.toISOString(),
      by: row.claim_comment_by,
    };
  }
  return { state: 'free', reason: 'nobody is on it', since: null, by: null };
}

export function toClaimInfo(claim: ClaimRow | undefined, callerId: number | null): IssueClaimInfo | null {
  if (!claim) return null;
  return {
    login: claim.login,
    since: claim.claimed_at.toISOString(),
    expiresAt: claim.expires_at.toISOString(),
    mine: callerId !== null && claim.user_id === callerId,
  };
}

export function toFinderIssue(
  row: FinderRow,
  claims: ClaimRow[],
  context: { callerId: number | null; now: Date; why?: string | null },
): FinderIssue {
  const shown = claims[0];
  return {
    issueId: row.id,
    project: {
      projectId: row.project_id,
      repoExt: row.repo_ext,
      name: row.project_name,
      language: row.project_language,
      topics: row.project_topics,
    },
    number: row.number,
    title: row.title,
    url: row.url,
    labels: row.labels as IssueLabel[],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    comments: row.comments,
    taken: takenSignal(row, shown, context.now),
    responsiveness: toResponsiveness(row.maintainer_median_hours, row.responsiveness_at),
    claim: toClaimInfo(shown, context.callerId),
    claims: claims.length,
    why: context.why ?? null,
    isDemo: row.is_demo,
  };
}
