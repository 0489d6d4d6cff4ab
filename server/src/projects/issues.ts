import { ErrorCode, type ProjectIssue, type ProjectIssuesResponse } from '@openlfg/contracts';
import { LRUCache } from 'lru-cache';
import { isBeginnerFriendly } from '../catalog/sources/index.js';
import {
  linkedIssueNumbers,
  RepoNotFound,
  type GitHubIssueJson,
  type RepoClient,
} from '../github/repo-client.js';
import { UpstreamUnavailable } from '../github/sign-in-provider.js';
import { HttpError, notFound } from '../platform/http/errors.js';
import type { ProjectsRepository } from './repository.js';

/** Issues are re-checked with GitHub at most this often per project (a 304 costs no rate limit). */
export const ISSUES_FRESH_MS = 5 * 60 * 1000;

type CachedIssue = Omit<ProjectIssue, 'hasLinkedPullRequest' | 'beginnerFriendly'>;

function toCachedIssue(issue: GitHubIssueJson): CachedIssue {
  return {
    number: issue.number,
    title: issue.title,
    url: issue.html_url,
    labels: issue.labels.map((label) =>
      typeof label === 'string'
        ? { name: label, color: null }
        : { name: label.name ?? '', color: label.color ?? null },
    ),
    comments: issue.comments,
    createdAt: new Date(issue.created_at).toISOString(),
    author: issue.user?.login ?? null,
    assignee: issue.assignee?.login ?? null,
  };
}

/**
 * The open issues of a catalogued project: from the database cache while fresh, else revalidated with GitHub
 * by conditional requests; when GitHub is down, slow or rate-limited, the last answer with its age. Only
 * catalogued repositories are looked up: this is not an open proxy to GitHub.
 */
/** What the issue finder adds to a project's issues: its stored issues' signals (by number) and responsiveness. */
export type IssueSignals = (
  projectId: number,
  numbers: number[],
  callerId: number | null,
) => Promise<{
  issues: ReadonlyMap<number, Pick<ProjectIssue, 'issueId' | 'taken' | 'claim'>>;
  responsiveness: ProjectIssuesResponse['responsiveness'] | null;
}>;

export function createIssuesService(deps: {
  repository: ProjectsRepository;
  client: RepoClient;
  /** The finder's signals, joined to GitHub's list by issue number; left out, the answer is GitHub's alone. */
  signals?: IssueSignals;
  now?: () => Date;
}) {
  const { repository, client } = deps;
  const now = deps.now ?? (() => new Date());
  // Concurrent views of one project share one trip to GitHub. Only the trip: every view forces a fresh load
  // (joining one in flight), since the database's copy, shared by the nodes, says what is fresh; the answers
  // lru-cache keeps are never served.
  const loads = new LRUCache<number, ProjectIssuesResponse, string>({
    max: 100,
    fetchMethod: (projectId, _kept, { context: repoExt }) => refresh(projectId, repoExt),
    // Pushed out by the loads of 100 other projects, a load still answers the views that joined it.
    ignoreFetchAbort: true,
  });

  function present(
    repoExt: string,
    issues: CachedIssue[],
    linked: number[],
    fetchedAt: Date,
    stale: boolean,
  ): ProjectIssuesResponse {
    const linkedSet = new Set(linked);
    return {
      repoExt,
      issues: issues.map((issue) => ({
        ...issue,
        hasLinkedPullRequest: linkedSet.has(issue.number),
        beginnerFriendly: isBeginnerFriendly(issue.labels.map((label) => label.name)),
      })),
      fetchedAt: fetchedAt.toISOString(),
      stale,
    };
  }

  async function refresh(projectId: number, repoExt: string): Promise<ProjectIssuesResponse> {
    const cached = await repository.readIssueCache(projectId);
    const cachedIssues = (cached?.issues as CachedIssue[] | undefined) ?? [];
    const cachedLinked = (cached?.linked_issue_numbers as number[] | undefined) ?? [];
    if (cached && now().getTime() - cached.fetched_at.getTime() < ISSUES_FRESH_MS) {
      return present(repoExt, cachedIssues, cachedLinked, cached.fetched_at, false);
    }
    try {
      const [issues, pulls] = await Promise.all([
        client.openIssues(repoExt, cached?.issues_etag),
        client.openPulls(repoExt, cached?.pulls_etag),
      ]);
      const fresh = issues.modified
        ? issues.body.filter((issue) => issue.pull_request === undefined).map(toCachedIssue)
        : cachedIssues;
      const linked = pulls.modified ? linkedIssueNumbers(pulls.body, repoExt) : cachedLinked;
      const fetchedAt = now();
      await repository.writeIssueCache({
        projectId,
        issues: fresh,
        issuesEtag: issues.modified ? issues.etag : (cached?.issues_etag ?? null),
        pullsEtag: pulls.modified ? pulls.etag : (cached?.pulls_etag ?? null),
        linkedIssueNumbers: linked,
        fetchedAt,
      });
      return present(repoExt, fresh, linked, fetchedAt, false);
    } catch (error) {
      if (error instanceof RepoNotFound) throw notFound(`GitHub no longer has a repository ${repoExt}.`);
      if (!(error instanceof UpstreamUnavailable)) throw error;
      if (cached) return present(repoExt, cachedIssues, cachedLinked, cached.fetched_at, true);
      throw new HttpError(
        502,
        ErrorCode.upstream,
        `GitHub could not be reached for the issues of ${repoExt}. Please try again in a moment.`,
      );
    }
  }

  return {
    /** A project's open issues, with the finder's taken and claim signals for those it stores (as the caller sees them). */
    async issuesFor(repoExt: string, callerId: number | null = null): Promise<ProjectIssuesResponse> {
      const project = await repository.findByRepoExt(repoExt);
      if (!project) throw notFound(`${repoExt} is not in the catalogue.`);
      const answer = await loads.forceFetch(project.id, { context: project.repo_ext, forceRefresh: true });
      if (!deps.signals) return answer;
      const signals = await deps.signals(
        project.id,
        answer.issues.map((issue) => issue.number),
        callerId,
      );
      return {
        ...answer,
        issues: answer.issues.map((issue) => ({ ...issue, ...signals.issues.get(issue.number) })),
        ...(signals.responsiveness ? { responsiveness: signals.responsiveness } : {}),
      };
    },
  };
}

export type IssuesService = ReturnType<typeof createIssuesService>;
