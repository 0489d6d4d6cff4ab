import type { GraphQLAnswer } from '../../github/repo-client.js';
import { isBeginnerFriendly } from '../sources/beginner-labels.js';
import { readCount, readDate } from '../sources/fields.js';
import { ISSUE_FRAGMENT, readIssue, type IssueFacts } from './issue-facts.js';

/**
 * The recheck's one GraphQL query for several issues (of any repositories), and the reading of its answer:
 * the same fields the sync reads per issue (issue-facts.ts), so the taken signal is worked out the same way.
 */

/** An issue to ask about. */
export interface RecheckTarget {
  issueId: number;
  repoExt: string;
  number: number;
}

/** What GitHub says of one issue now. */
export type RecheckAnswer =
  /** Open and labelled for beginners: its facts as the sync would store them. */
  | { issueId: number; outcome: 'open'; facts: IssueFacts }
  /** Closed, no longer labelled for beginners, or gone (deleted, transferred): it leaves the finder. */
  | { issueId: number; outcome: 'left' }
  /** GitHub could not say (the repository unreachable, a field error): the stored facts stay. */
  | { issueId: number; outcome: 'unknown' };

export interface RecheckBudget {
  remaining: number;
  resetAt: Date | null;
  cost: number;
}

/** One aliased field per issue (i0, i1, ...), owners, names and numbers as variables, and the budget. */
export function recheckQuery(targets: readonly RecheckTarget[]): {
  query: string;
  variables: Record<string, unknown>;
} {
  const variables: Record<string, unknown> = {};
  const declarations: string[] = [];
  const fields = targets.map((target, i) => {
    const [owner = '', name = ''] = target.repoExt.split('/');
    variables[`o${i}`] = owner;
    variables[`n${i}`] = name;
    variables[`x${i}`] = target.number;
    declarations.push(`$o${i}: String!`, `$n${i}: String!`, `$x${i}: Int!`);
    return `  i${i}: repository(owner: $o${i}, name: $n${i}) { issue(number: $x${i}) { state ...BeginnerIssueFields } }`;
  });
  const query = `query IssueRecheck(${declarations.join(', ')}) {
  rateLimit { remaining resetAt cost }
${fields.join('\n')}
}
${ISSUE_FRAGMENT}`;
  return { query, variables };
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads GitHub's answer to recheckQuery: one answer per target, in order, and the budget. */
export function readRecheckAnswer(
  answer: GraphQLAnswer<Record<string, unknown>>,
  targets: readonly RecheckTarget[],
): { answers: RecheckAnswer[]; budget: RecheckBudget | null } {
  const data = answer.data ?? {};
  const answers = targets.map((target, i): RecheckAnswer => {
    const alias = `i${i}`;
    const repo = data[alias];
    const { issueId } = target;
    if (!isRecord(repo)) return { issueId, outcome: 'unknown' };
    if (repo.issue === null) {
      // GitHub resolves the repository but not the issue: deleted, transferred, or never an issue.
      const gone = answer.errors.some(
        (e) => e.path?.[0] === alias && e.path[1] === 'issue' && e.type === 'NOT_FOUND',
      );
      return gone ? { issueId, outcome: 'left' } : { issueId, outcome: 'unknown' };
    }
    if (!isRecord(repo.issue)) return { issueId, outcome: 'unknown' };
    if (repo.issue.state !== 'OPEN') return { issueId, outcome: 'left' };
    const facts = readIssue(repo.issue);
    if (!facts) return { issueId, outcome: 'unknown' };
    if (!isBeginnerFriendly(facts.labels.map((label) => label.name))) return { issueId, outcome: 'left' };
    return { issueId, outcome: 'open', facts };
  });
  const rate = isRecord(data.rateLimit) ? data.rateLimit : null;
  const remaining = readCount(rate?.remaining);
  const budget =
    remaining === null
      ? null
      : { remaining, resetAt: readDate(rate?.resetAt), cost: readCount(rate?.cost) ?? 1 };
  return { answers, budget };
}
