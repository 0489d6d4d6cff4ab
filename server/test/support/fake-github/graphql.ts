import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeGitHub } from '../fake-github.js';
import { json, readBody } from '../fake-http.js';
import { answerFault, primaryLimit, rateHeaders, takeFault } from './rate-limits.js';
import type { FakeGraphQLIssue, FakeRepository } from './types.js';

/**
 * POST /graphql for the sync's own query shape: aliased `rN: repository(owner: $oN, name: $nN)` fields
 * with a CatalogueFields fragment (or, the recheck's shape, `{ issue(number: $xN) { state ...BeginnerIssueFields } }`), an issues count filtered by `labels: $var`, and `rateLimit`. Answers
 * like GitHub: data with null for repositories it cannot resolve, and a NOT_FOUND error naming the alias.
 */
export async function graphql(
  gh: FakeGitHub,
  req: IncomingMessage,
  res: ServerResponse,
  record: FakeGitHub['requests'][number],
): Promise<void> {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  gh.graphqlTokens.push(token);
  // The server's token, or an installation token the App was given.
  if (token !== gh.apiToken && !gh.app.tokens.has(token)) {
    record.status = 401;
    return json(res, 401, {
      message: 'This endpoint requires you to be authenticated.',
      documentation_url:
        'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql',
    });
  }
  const body = JSON.parse((await readBody(req)) || '{}') as {
    query?: string;
    variables?: Record<string, unknown>;
  };
  const query = body.query ?? '';
  const variables = body.variables ?? {};
  const aliases = [
    ...query.matchAll(/\b(\w+)\s*:\s*repository\(\s*owner:\s*\$(\w+)\s*,\s*name:\s*\$(\w+)\s*\)/g),
  ].map((m) => ({
    alias: m[1] ?? '',
    repo: `${String(variables[m[2] ?? ''])}/${String(variables[m[3] ?? ''])}`,
  }));
  const labelled = /(\w+)\s*:\s*issues\(\s*states:\s*OPEN\s*,\s*labels:\s*\$(\w+)\s*\)/.exec(query);
  const labelsVar = labelled ? variables[labelled[2] ?? ''] : undefined;
  const beginnerLabels = Array.isArray(labelsVar) ? labelsVar.map(String) : [];
  const points = graphqlPoints(query, aliases.length);
  const entry = { repos: aliases.map((a) => a.repo), beginnerLabels, status: 200, points };
  gh.graphqlQueries.push(entry);

  const fault = takeFault(gh, 'graphql');
  if (fault) {
    answerFault(gh, fault, 'graphql', res, record);
    entry.status = record.status ?? 200;
    return;
  }
  const budget = gh.budgets.graphql;
  if (budget.remaining <= 0) {
    primaryLimit(gh, 'graphql', res, record);
    return;
  }
  budget.remaining = Math.max(0, budget.remaining - points);

  const data: Record<string, unknown> = {};
  const errors: unknown[] = [];
  if (/\brateLimit\s*\{/.test(query)) {
    data.rateLimit = {
      remaining: budget.remaining,
      resetAt: new Date(budget.reset * 1000).toISOString(),
      cost: points,
    };
  }
  const wanted = new Set(beginnerLabels.map((l) => l.toLowerCase()));
  for (const { alias, repo: repoExt } of aliases) {
    const repo = gh.findRepository(repoExt);
    if (!repo) {
      data[alias] = null;
      errors.push({
        type: 'NOT_FOUND',
        path: [alias],
        locations: [{ line: 1, column: 1 }],
        message: `Could not resolve to a Repository with the name '${repoExt}'.`,
      });
      continue;
    }
    const asked = new RegExp(
      `\\b${alias}\\s*:\\s*repository\\([^)]*\\)\\s*\\{\\s*issue\\(number:\\s*\\$(\\w+)\\)`,
    ).exec(query);
    if (asked) {
      // The recheck's shape: one issue of the repository, whatever its state; NOT_FOUND when there is none.
      const number = Number(variables[asked[1] ?? '']);
      const issue = (repo.issues ?? []).find((candidate) => candidate.number === number);
      data[alias] = { issue: issue ? { state: issue.state ?? 'OPEN', ...issueNode(issue) } : null };
      if (!issue) {
        errors.push({
          type: 'NOT_FOUND',
          path: [alias, 'issue'],
          locations: [{ line: 1, column: 1 }],
          message: `Could not resolve to an Issue with the number of ${number}.`,
        });
      }
      continue;
    }
    const open = (repo.issues ?? []).filter((issue) => (issue.state ?? 'OPEN') === 'OPEN');
    const issues = repo.openIssueLabels ?? open.map((issue) => issue.labels);
    data[alias] = {
      ...issueFields(query, repo, wanted),
      stargazerCount: repo.stargazerCount,
      forkCount: repo.forkCount,
      isArchived: repo.isArchived ?? false,
      pushedAt: repo.pushedAt ?? null,
      description: repo.description ?? null,
      primaryLanguage: repo.language ? { name: repo.language } : null,
      licenseInfo: repo.license ?? null,
      repositoryTopics: { nodes: (repo.topics ?? []).map((name) => ({ topic: { name } })) },
      issues: { totalCount: issues.length },
      [labelled?.[1] ?? 'beginnerIssues']: {
        totalCount: issues.filter((labels) => labels.some((l) => wanted.has(l.toLowerCase()))).length,
      },
    };
  }
  record.status = 200;
  json(res, 200, errors.length > 0 ? { data, errors } : { data }, rateHeaders(gh, 'graphql'));
}

/**
 * GitHub's cost of a query (docs: "Calculating a rate limit score"): every connection is one request, a nested
 * connection one per node its parent may return (its `first`/`last`), the sum divided by 100, at least 1. Read
 * off the sync's query shape: per repository its topics and two counts, the beginner issue list with the
 * connections of each issue, and the recent issues with their comments.
 */
export function graphqlPoints(query: string, repositories: number): number {
  const fragment = (name: string) =>
    new RegExp(`fragment ${name} on \\w+ \\{([\\s\\S]*?)\\n\\}`).exec(query)?.[1] ?? '';
  const catalogue = fragment('CatalogueFields');
  const issueConnections = [...fragment('BeginnerIssueFields').matchAll(/\b(?:first|last):\s*\d+/g)].length;
  // The recheck's shape asks for one issue per alias: its connections only.
  if (!catalogue) return Math.max(1, Math.round((issueConnections * repositories) / 100));
  let perRepository = 3;
  const list = /beginnerIssueList:[^{]*?first:\s*(\d+)/.exec(catalogue);
  if (list) perRepository += 1 + Number(list[1]) * issueConnections;
  const recent = /recentIssues:[^{]*?first:\s*(\d+)/.exec(catalogue);
  if (recent) perRepository += 1 + Number(recent[1]);
  return Math.max(1, Math.round((perRepository * repositories) / 100));
}

/** The issue finder's fields of a repository, when the query asks for them. */
function issueFields(
  query: string,
  repo: FakeRepository,
  wanted: ReadonlySet<string>,
): Record<string, unknown> {
  if (!/beginnerIssueList\s*:/.test(query)) return {};
  const limit = Number(/beginnerIssueList:[^{]*?first:\s*(\d+)/.exec(query)?.[1] ?? 25);
  const newestFirst = [...(repo.issues ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const beginner = newestFirst.filter(
    (issue) => (issue.state ?? 'OPEN') === 'OPEN' && issue.labels.some((l) => wanted.has(l.toLowerCase())),
  );
  return {
    beginnerIssueList: { nodes: beginner.slice(0, limit).map(issueNode) },
    recentIssues: {
      nodes: newestFirst.slice(0, 30).map((issue) => ({
        number: issue.number,
        createdAt: issue.createdAt,
        comments: {
          nodes: (issue.comments ?? []).slice(0, 10).map((c) => ({
            createdAt: c.createdAt,
            authorAssociation: c.association,
          })),
        },
      })),
    },
  };
}

const pull = (p: NonNullable<FakeGraphQLIssue['pullRequests']>[number]) => ({
  number: p.number,
  url: `https://github.com/fake/fake/pull/${p.number}`,
  state: p.state,
  createdAt: p.createdAt,
  author: p.author ? { login: p.author } : null,
});

/** An issue as the BeginnerIssueFields fragment reads it. */
function issueNode(issue: FakeGraphQLIssue) {
  return {
    number: issue.number,
    title: issue.title,
    url: `https://github.com/fake/fake/issues/${issue.number}`,
    createdAt: issue.createdAt,
    updatedAt: issue.updatedAt ?? issue.createdAt,
    comments: { totalCount: issue.comments?.length ?? 0 },
    labels: { nodes: issue.labels.slice(0, 10).map((name) => ({ name, color: 'ededed' })) },
    assignees: { nodes: (issue.assignees ?? []).slice(0, 3).map((a) => ({ login: a.login })) },
    closedByPullRequestsReferences: {
      nodes: (issue.pullRequests ?? [])
        .filter((p) => p.via === 'closing' && p.state !== 'CLOSED')
        .slice(0, 3)
        .map(pull),
    },
    timelineItems: {
      nodes: [
        ...(issue.assignees ?? []).map((a) => ({
          __typename: 'AssignedEvent',
          createdAt: a.at,
          assignee: { login: a.login },
        })),
        ...(issue.pullRequests ?? [])
          .filter((p) => p.via === 'mention')
          .map((p) => ({
            __typename: 'CrossReferencedEvent',
            createdAt: p.createdAt,
            source: { __typename: 'PullRequest', ...pull(p) },
          })),
        ...(issue.comments ?? []).map((c) => ({
          __typename: 'IssueComment',
          createdAt: c.createdAt,
          authorAssociation: c.association,
          author: { login: c.author },
          body: c.body,
        })),
      ]
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .slice(-20),
    },
  };
}
