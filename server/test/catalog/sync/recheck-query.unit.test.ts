import { describe, expect, it } from 'vitest';
import {
  readRecheckAnswer,
  recheckQuery,
  type RecheckTarget,
} from '../../../src/catalog/sync/recheck-query.js';
import { costText } from '../../../src/catalog/sync/summary.js';

const targets: RecheckTarget[] = [
  { issueId: 11, repoExt: 'acme/widgets', number: 1 },
  { issueId: 12, repoExt: 'acme/widgets', number: 2 },
  { issueId: 13, repoExt: 'other/tool', number: 7 },
  { issueId: 14, repoExt: 'gone/repo', number: 3 },
  { issueId: 15, repoExt: 'acme/widgets', number: 9 },
];

const node = (number: number, extra: Record<string, unknown> = {}) => ({
  state: 'OPEN',
  number,
  title: `Issue ${number}`,
  url: `https://github.com/acme/widgets/issues/${number}`,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
  comments: { totalCount: 1 },
  labels: { nodes: [{ name: 'Good First Issue', color: 'ededed' }] },
  assignees: { nodes: [] },
  closedByPullRequestsReferences: { nodes: [] },
  timelineItems: { nodes: [] },
  ...extra,
});

describe('the recheck query', () => {
  it('asks for every issue in one query, names as variables, with the sync fields and the budget', () => {
    const { query, variables } = recheckQuery(targets.slice(0, 2));
    expect(query).toContain(
      'i0: repository(owner: $o0, name: $n0) { issue(number: $x0) { state ...BeginnerIssueFields } }',
    );
    expect(query).toContain('i1: repository(owner: $o1, name: $n1)');
    expect(query).toContain('fragment BeginnerIssueFields on Issue');
    expect(query).toContain('rateLimit { remaining resetAt cost }');
    expect(query).not.toContain('acme');
    expect(variables).toEqual({ o0: 'acme', n0: 'widgets', x0: 1, o1: 'acme', n1: 'widgets', x1: 2 });
  });

  it('reads each issue: open with its facts, left when closed, relabelled or gone, unknown otherwise', () => {
    const { answers, budget } = readRecheckAnswer(
      {
        data: {
          rateLimit: { remaining: 4990, resetAt: '2026-11-27T21:00:00Z', cost: 1 },
          i0: {
            issue: node(1, {
              assignees: { nodes: [{ login: 'ada' }] },
              timelineItems: {
                nodes: [
                  {
                    __typename: 'AssignedEvent',
                    createdAt: '2026-01-03T00:00:00Z',
                    assignee: { login: 'ada' },
                  },
                ],
              },
            }),
          },
          i1: { issue: node(2, { state: 'CLOSED' }) },
          i2: { issue: node(7, { labels: { nodes: [{ name: 'bug', color: null }] } }) },
          i3: null,
          i4: { issue: null },
        },
        errors: [
          { type: 'NOT_FOUND', path: ['i3'], message: 'Could not resolve to a Repository' },
          { type: 'NOT_FOUND', path: ['i4', 'issue'], message: 'Could not resolve to an Issue' },
        ],
      },
      targets,
    );
    expect(answers.map((a) => [a.issueId, a.outcome])).toEqual([
      [11, 'open'],
      [12, 'left'],
      [13, 'left'],
      [14, 'unknown'],
      [15, 'left'],
    ]);
    expect(answers[0]).toMatchObject({
      facts: { assignee: 'ada', assignedAt: new Date('2026-01-03T00:00:00Z'), pullRequest: null },
    });
    expect(budget).toEqual({ remaining: 4990, resetAt: new Date('2026-11-27T21:00:00Z'), cost: 1 });
  });

  it('leaves every issue unknown when GitHub answered no data', () => {
    const { answers, budget } = readRecheckAnswer({ data: null, errors: [] }, targets.slice(0, 2));
    expect(answers.map((a) => a.outcome)).toEqual(['unknown', 'unknown']);
    expect(budget).toBeNull();
  });
});

describe("the sync summary's cost line", () => {
  it('says the points and requests spent, and the 304s saved', () => {
    expect(costText({ cost: { graphqlPoints: 3, restRequests: 1, notModified: 40 } })).toBe(
      '3 GraphQL points, 1 REST request; saved 40 requests answered 304 Not Modified (free)',
    );
  });
});
