import {
  canonicalTopics,
  CLAIM_DAYS,
  ErrorCode,
  HIDDEN_QUIET_CAP,
  ISSUE_PAGE_SIZE,
  MAX_ACTIVE_CLAIMS,
  type ClaimResponse,
  type FinderIssue,
  type IssueListRequest,
  type IssueListResponse,
  type IssueSort,
  type MyClaimsResponse,
  type PublicRepo,
  type ReleaseClaimResponse,
} from '@openlfg/contracts';
import { LRUCache } from 'lru-cache';
import { badRequest, HttpError, notFound } from '../platform/http/errors.js';
import { toFinderIssue, toResponsiveness, takenSignal, toClaimInfo, type ClaimRow } from './presenters.js';
import type {
  FinderFilters,
  FinderRow,
  IssuesRepository,
  PageAfter,
  PlainSort,
  RankProfile,
} from './repository.js';

interface Caller {
  id: number;
}

/** A user's ranking profile is worked out from their public repositories at most this often. */
const PROFILE_TTL_MS = 10 * 60 * 1000;
/** When GitHub could not be asked, the empty profile stands for a minute only: the next try may rank. */
const UNREACHABLE_PROFILE_TTL_MS = 60 * 1000;
/** The user's languages (most used first) and topics best for you ranks by. */
const PROFILE_LANGUAGES = 3;
const PROFILE_TOPICS = 10;

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The page cursor: the sort it belongs to and the last row's keys, as base64url JSON. */
function encodeCursor(sort: IssueSort, after: PageAfter): string {
  return Buffer.from(JSON.stringify({ s: sort, r: after.rank, a: after.at, i: after.id })).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string, sort: IssueSort): PageAfter {
  const invalid = () =>
    badRequest('body.cursor is not a cursor of this list: start again from the first page.');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof value !== 'object' || value === null) throw invalid();
  const { s, r, a, i } = value as Record<string, unknown>;
  if (s !== sort) {
    throw badRequest('body.cursor belongs to another sort: start again from the first page.');
  }
  // A real instant only (no 30 February, which PostgreSQL would refuse): it reads back as written.
  if (typeof a !== 'string' || !EXACT_TIME.test(a)) throw invalid();
  const at = new Date(a);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 19) !== a.slice(0, 19)) throw invalid();
  if (typeof i !== 'number' || !Number.isSafeInteger(i) || i < 1) throw invalid();
  if (r !== undefined && (typeof r !== 'number' || !Number.isSafeInteger(r) || Math.abs(r) > 1_000_000_000))
    throw invalid();
  return { at: a, id: i, ...(typeof r === 'number' ? { rank: r } : {}) };
}

/** Claims grouped by issue, in the order given (each issue's shown claim first). */
function byIssueId(claims: ClaimRow[]): Map<number, ClaimRow[]> {
  const groups = new Map<number, ClaimRow[]>();
  for (const claim of claims) {
    const group = groups.get(claim.issue_id);
    if (group) group.push(claim);
    else groups.set(claim.issue_id, [claim]);
  }
  return groups;
}

/** The languages (weighted 3, 2, 1 by how many of the repositories use them) and topics of a user's work. */
export function rankProfile(repos: readonly PublicRepo[]): RankProfile {
  const count = (values: (string | null | undefined)[]) => {
    const counts = new Map<string, number>();
    for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  };
  const languages = count(repos.map((repo) => repo.language)).slice(0, PROFILE_LANGUAGES);
  return {
    languages: languages.map((name, index) => ({ name, weight: PROFILE_LANGUAGES - index })),
    // Under the catalogue's canonical names: a repository tagged reactjs matches projects tagged react.
    topics: count(repos.flatMap((repo) => canonicalTopics(repo.topics ?? []))).slice(0, PROFILE_TOPICS),
  };
}

/** Why an issue suits the user: "you write TypeScript", "your repositories are about cli and react". */
export function whyFor(row: Pick<FinderRow, 'project_language' | 'project_topics'>, profile: RankProfile) {
  const reasons: string[] = [];
  if (row.project_language && profile.languages.some((l) => l.name === row.project_language)) {
    reasons.push(`you write ${row.project_language}`);
  }
  const shared = profile.topics.filter((topic) => row.project_topics.includes(topic)).slice(0, 2);
  if (shared.length > 0) reasons.push(`your repositories are about ${shared.join(' and ')}`);
  return reasons.length > 0 ? reasons.join(' and ') : null;
}

/**
 * The issue finder: pages of open beginner issues across the catalogue, best for you, and claims on OpenLFG.
 * Answers depend on the caller (their claims), so nothing here is cached but the ranking profiles.
 */
export function createIssueFinderService(deps: {
  repository: IssuesRepository;
  /** The user's public repositories (accounts: cached per user in the database, read from GitHub). */
  publicRepos: (userId: number) => Promise<PublicRepo[]>;
  /** Asks for the listed issues, where their facts are old, to be rechecked with GitHub in the background. */
  recheckIssues?: (listed: { id: number; isDemo: boolean; syncedAt: Date; checkedAt: Date | null }[]) => void;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  const profiles = new LRUCache<number, RankProfile>({
    max: 10_000,
    ttl: PROFILE_TTL_MS,
    // The service's clock, so the profiles age as the rest of its answers do (and tests can move it), read
    // at every look-up: lru-cache's default keeps a read for 1 ms of timers, which may not run between queries.
    perf: { now: () => now().getTime() },
    ttlResolution: 0,
  });

  async function profileOf(userId: number): Promise<RankProfile> {
    const cached = profiles.get(userId);
    if (cached) return cached;
    try {
      const profile = rankProfile(await deps.publicRepos(userId));
      profiles.set(userId, profile);
      return profile;
    } catch (error) {
      // GitHub unreachable, or no token to ask with: ranked as a user without repositories (newest first).
      if (!(error instanceof HttpError)) throw error;
      const profile = rankProfile([]);
      profiles.set(userId, profile, { ttl: UNREACHABLE_PROFILE_TTL_MS });
      return profile;
    }
  }

  async function present(
    rows: FinderRow[],
    callerId: number | null,
    why: (row: FinderRow) => string | null = () => null,
  ): Promise<FinderIssue[]> {
    const claims = await repository.claimsOf(
      rows.map((row) => row.id),
      callerId,
    );
    const byIssue = byIssueId(claims);
    const at = now();
    return rows.map((row) =>
      toFinderIssue(row, byIssue.get(row.id) ?? [], { callerId, now: at, why: why(row) }),
    );
  }

  /** Issues a list shows: where their facts are old, asked about again after the answer. */
  function recheckListed(rows: FinderRow[]): void {
    deps.recheckIssues?.(
      rows.map((row) => ({
        id: row.id,
        isDemo: row.is_demo,
        syncedAt: row.synced_at,
        checkedAt: row.checked_at,
      })),
    );
  }

  async function issueFor(issueId: number, callerId: number): Promise<FinderIssue> {
    const rows = await repository.byIds([issueId]);
    const [issue] = await present(rows, callerId);
    if (!issue) throw notFound(`There is no issue ${issueId}.`);
    return issue;
  }

  return {
    async list(request: IssueListRequest, caller: Caller | null): Promise<IssueListResponse> {
      const asked = request.sort ?? 'newest';
      // Best for you ranks by the caller's own repositories: anonymous callers get the default sort.
      const sort: IssueSort = asked === 'best_for_you' && !caller ? 'newest' : asked;
      const after = request.cursor ? decodeCursor(request.cursor, sort) : null;
      const filters: FinderFilters = {
        languages: [...new Set(request.languages ?? [])],
        // Stored topics are canonical: "reactjs" finds the issues of projects tagged react.
        topics: canonicalTopics(request.topics ?? []),
        label: request.label?.trim().toLowerCase() || null,
        notTaken: request.notTaken ?? true,
        answersWithinWeek: request.answersWithinWeek ?? false,
        updatedWithinDays: request.updatedWithinDays ?? null,
        projectId: request.projectId ?? null,
        includeQuiet: request.includeQuiet ?? false,
      };
      // A first page that holds every match says how many the freshness rule left out, so a short or empty
      // finder can tell why. Not beside a full page: the count is then news to nobody, and costs a query.
      const hidden = async (more: boolean) =>
        after === null && !more && !filters.includeQuiet
          ? { hiddenQuiet: await repository.hiddenQuietCount(filters, HIDDEN_QUIET_CAP) }
          : {};
      const callerId = caller?.id ?? null;
      // One row more than a page says whether another page follows.
      const profile = sort === 'best_for_you' && caller ? await profileOf(caller.id) : null;
      // A user with no language or topic to rank by (no public repositories, or GitHub unreachable) gets
      // the newest issues under best for you: the same pages, nothing to say why.
      if (profile && (profile.languages.length > 0 || profile.topics.length > 0)) {
        const ranked = await repository.bestForYou(filters, profile, after, ISSUE_PAGE_SIZE + 1);
        const rows = ranked.slice(0, ISSUE_PAGE_SIZE);
        recheckListed(rows);
        const last = rows.at(-1);
        return {
          data: await present(rows, callerId, (row) => whyFor(row, profile)),
          nextCursor:
            ranked.length > ISSUE_PAGE_SIZE && last
              ? encodeCursor(sort, { rank: last.score, at: last.cursor_at, id: last.id })
              : null,
          sort,
          ...(await hidden(ranked.length > ISSUE_PAGE_SIZE)),
        };
      }
      const plain: PlainSort = sort === 'best_for_you' ? 'newest' : sort;
      const found = await repository.page(plain, filters, after, ISSUE_PAGE_SIZE + 1);
      const rows = found.slice(0, ISSUE_PAGE_SIZE);
      recheckListed(rows);
      const last = rows.at(-1);
      return {
        data: await present(rows, callerId),
        nextCursor:
          found.length > ISSUE_PAGE_SIZE && last
            ? encodeCursor(sort, {
                ...(plain === 'fewest_comments' ? { rank: last.comments } : {}),
                at: last.cursor_at,
                id: last.id,
              })
            : null,
        sort,
        ...(await hidden(found.length > ISSUE_PAGE_SIZE)),
      };
    },

    async myClaims(caller: Caller): Promise<MyClaimsResponse> {
      const ids = await repository.activeClaimIds(caller.id);
      const rows = await repository.byIds(ids);
      const order = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { data: await present(rows, caller.id), limit: MAX_ACTIVE_CLAIMS };
    },

    /** Claims (or with `renew`, renews) an issue for the caller: 201 for a new claim, 200 for a renewal. */
    async claim(
      caller: Caller,
      issueId: number,
      renew: boolean,
    ): Promise<{ status: 200 | 201; body: ClaimResponse }> {
      const result = await repository.claim(caller.id, issueId, renew);
      switch (result.outcome) {
        case 'unknown':
          throw notFound(`There is no issue ${issueId} in the finder.`);
        case 'closed':
          throw new HttpError(
            410,
            ErrorCode.issueClosed,
            'This issue is closed on GitHub or no longer labelled for beginners, so it cannot be claimed.',
          );
        case 'already':
          throw new HttpError(
            409,
            ErrorCode.alreadyClaimed,
            `You already claim this issue, until ${result.expiresAt.toISOString().slice(0, 10)}. ` +
              `To keep it ${CLAIM_DAYS} more days from today, renew the claim (send renew: true).`,
          );
        case 'limit':
          throw new HttpError(
            409,
            ErrorCode.claimLimit,
            `You already work on ${MAX_ACTIVE_CLAIMS} issues, the most one person may claim at once. ` +
              'Release one of them first.',
          );
        default: {
          const issue = await issueFor(issueId, caller.id);
          return {
            status: result.outcome === 'renewed' ? 200 : 201,
            body: { issue, renewed: result.outcome === 'renewed', activeClaims: result.active },
          };
        }
      }
    },

    async release(caller: Caller, issueId: number): Promise<ReleaseClaimResponse> {
      const result = await repository.release(caller.id, issueId);
      if (!result.released) throw notFound(`You have no claim on issue ${issueId} to release.`);
      return { issueId, released: true, activeClaims: result.active };
    },

    /**
     * What the finder says about some of a project's issues (by number), for its issues dialog: the taken
     * signal and claim of each stored issue, and the project's responsiveness.
     */
    async signalsFor(projectId: number, numbers: number[], callerId: number | null) {
      const [rows, project] = await Promise.all([
        repository.ofProjectByNumber(projectId, numbers),
        repository.responsivenessOf(projectId),
      ]);
      const claims = await repository.claimsOf(
        rows.map((row) => row.id),
        callerId,
      );
      const byIssue = byIssueId(claims);
      const at = now();
      return {
        issues: new Map(
          rows.map((row) => {
            const shown = byIssue.get(row.id)?.[0];
            return [
              row.number,
              {
                issueId: row.id,
                taken: takenSignal(row, shown, at),
                claim: toClaimInfo(shown, callerId),
              },
            ] as const;
          }),
        ),
        responsiveness: project?.responsiveness_at
          ? toResponsiveness(project.maintainer_median_hours, project.responsiveness_at)
          : null,
      };
    },
  };
}

export type IssueFinderService = ReturnType<typeof createIssueFinderService>;
