import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeGitHub } from '../fake-github.js';
import { json } from '../fake-http.js';
import { answerFault, primaryLimit, rateHeaders, takeFault } from './rate-limits.js';
import type { FakeGitHubUser } from './types.js';

/** GitHub's conditional requests: the same content has the same ETag, and If-None-Match on it is a 304. */
export function listIssuesOrPulls(
  gh: FakeGitHub,
  repoExt: string,
  kind: 'issues' | 'pulls',
  req: IncomingMessage,
  res: ServerResponse,
  record: FakeGitHub['requests'][number],
): void {
  const repo = [...gh.repoData].find(([name]) => name.toLowerCase() === repoExt.toLowerCase())?.[1];
  if (!repo)
    return json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  // GitHub lists pull requests among the issues too, marked with a pull_request field.
  const body =
    kind === 'issues'
      ? [
          ...repo.issues,
          ...repo.pulls.map((p) => ({
            ...p,
            html_url: `https://github.com/${repoExt}/pull/${p.number}`,
            labels: [],
            comments: 0,
            created_at: '2026-01-01T00:00:00Z',
            user: null,
            assignee: null,
            pull_request: {},
          })),
        ]
      : repo.pulls;
  const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
  if (req.headers['if-none-match'] === etag) {
    record.status = 304;
    res.writeHead(304, { etag }).end();
    return;
  }
  record.status = 200;
  json(res, 200, body, { etag });
}

/** GET /repos/:owner/:name: REST's view of a repository in `repositories` (moderators' figures on demand). */
export function repositoryRead(
  gh: FakeGitHub,
  repoExt: string,
  res: ServerResponse,
  record: FakeGitHub['requests'][number],
): void {
  const found = [...gh.repositories].find(([name]) => name.toLowerCase() === repoExt.toLowerCase());
  if (!found) {
    record.status = 404;
    return json(res, 404, {
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest/repos/repos#get-a-repository',
    });
  }
  const [name, repo] = found;
  record.status = 200;
  json(
    res,
    200,
    {
      full_name: name,
      stargazers_count: repo.stargazerCount,
      forks_count: repo.forkCount,
      description: repo.description ?? null,
      language: repo.language ?? null,
      archived: repo.isArchived ?? false,
      pushed_at: repo.pushedAt ?? null,
      license: repo.license ? { spdx_id: repo.license.spdxId, name: repo.license.name } : null,
    },
    rateHeaders(gh, 'core'),
  );
}

/**
 * GET /repos/:owner/:name/contributors: paginated with a Link header (first, prev, next, last), 204 for a
 * repository without commits, an ETag over the page, and 304 (free of rate limit) when it matches.
 */
export async function listContributors(
  gh: FakeGitHub,
  repoExt: string,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  record: FakeGitHub['requests'][number],
): Promise<void> {
  if (gh.contributorsDelayMs > 0) await new Promise((r) => setTimeout(r, gh.contributorsDelayMs));
  if (res.destroyed) return;
  const fault = takeFault(gh, 'contributors');
  if (fault) return answerFault(gh, fault, 'core', res, record);
  const budget = gh.budgets.core;
  if (budget.remaining <= 0) return primaryLimit(gh, 'core', res, record);
  const repo = gh.findRepository(repoExt);
  if (!repo) {
    budget.remaining -= 1;
    record.status = 404;
    return json(
      res,
      404,
      {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest/repos/repos#list-repository-contributors',
      },
      rateHeaders(gh, 'core'),
    );
  }
  const all = (repo.contributors ?? []).map((c, i) => ({
    login: c.login,
    id: 5000 + i,
    type: 'User',
    contributions: c.contributions,
  }));
  if (all.length === 0) {
    budget.remaining -= 1;
    record.status = 204;
    res.writeHead(204, rateHeaders(gh, 'core')).end();
    return;
  }
  const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page') ?? 30), 1), 100);
  const page = Math.max(Number(url.searchParams.get('page') ?? 1), 1);
  const pages = Math.ceil(all.length / perPage);
  const body = all.slice((page - 1) * perPage, page * perPage);
  const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
  if (req.headers['if-none-match'] === etag) {
    record.status = 304;
    res.writeHead(304, { etag, ...rateHeaders(gh, 'core') }).end();
    return;
  }
  budget.remaining -= 1;
  const link = (n: number, rel: string) => {
    const target = new URL(`https://api.github.com/repositories/1/contributors`);
    url.searchParams.forEach((value, key) => target.searchParams.set(key, value));
    target.searchParams.set('page', String(n));
    return `<${target}>; rel="${rel}"`;
  };
  const links = [
    ...(page > 1 ? [link(page - 1, 'prev')] : []),
    ...(page < pages ? [link(page + 1, 'next'), link(pages, 'last')] : []),
    ...(page > 1 ? [link(1, 'first')] : []),
  ];
  record.status = 200;
  json(res, 200, body, {
    etag,
    ...rateHeaders(gh, 'core'),
    ...(links.length > 0 ? { link: links.join(', ') } : {}),
  });
}

/**
 * GET /users/:login/repos: the user's public repositories in GitHub's shape, `type=owner` (the default) and
 * `sort=pushed` as asked (the fake keeps its own order), one page of `per_page` (at most 100).
 */
export function userRepos(gh: FakeGitHub, user: FakeGitHubUser, url: URL, res: ServerResponse): void {
  const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
  const page = Number(url.searchParams.get('page') ?? 1);
  const all = (user.repos ?? []).filter((r) => !r.private);
  const slice = all.slice((page - 1) * perPage, page * perPage).map((r) => ({
    id: hashId(`${user.login}/${r.name}`),
    name: r.name,
    full_name: `${user.login}/${r.name}`,
    private: false,
    owner: { login: user.login, id: user.id, type: 'User' },
    html_url: `https://github.com/${user.login}/${r.name}`,
    description: r.description ?? null,
    fork: r.fork ?? false,
    language: r.language ?? null,
    stargazers_count: r.stars ?? 0,
    topics: r.topics ?? [],
    visibility: 'public',
  }));
  const headers: Record<string, string> = { ...rateHeaders(gh, 'core') };
  if (page * perPage < all.length) {
    const next = new URL(url);
    next.searchParams.set('page', String(page + 1));
    headers.link = `<${next}>; rel="next"`;
  }
  json(res, 200, slice, headers);
}

export function repos(gh: FakeGitHub, user: FakeGitHubUser, url: URL, res: ServerResponse): void {
  const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
  const page = Number(url.searchParams.get('page') ?? 1);
  const all = (user.repos ?? []).filter((r) => !r.private || url.searchParams.get('visibility') !== 'public');
  const slice = all.slice((page - 1) * perPage, page * perPage).map((r) => ({
    name: r.name,
    full_name: `${user.login}/${r.name}`,
    html_url: `https://github.com/${user.login}/${r.name}`,
    description: r.description ?? null,
    language: r.language ?? null,
    stargazers_count: r.stars ?? 0,
    private: r.private ?? false,
    topics: r.topics ?? [],
  }));
  const headers: Record<string, string> = {};
  if (page * perPage < all.length) {
    const next = new URL(url);
    next.searchParams.set('page', String(page + 1));
    headers.link = `<${next}>; rel="next"`;
  }
  json(res, 200, slice, headers);
}

/** GET /users/:login: a public profile as GitHub gives it to anyone (public repositories counted). */
export function publicProfile(user: FakeGitHubUser) {
  return {
    login: user.login,
    id: user.id,
    avatar_url: user.avatar_url,
    html_url: `https://github.com/${user.login}`,
    type: 'User',
    name: user.name,
    public_repos: (user.repos ?? []).filter((r) => !r.private).length,
    followers: 0,
    following: 0,
    created_at: '2020-01-01T00:00:00Z',
  };
}

/** A stable numeric id for a name. */
function hashId(name: string): number {
  return createHash('sha1').update(name).digest().readUInt32BE(0);
}
