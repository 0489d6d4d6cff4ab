import {
  FINDER_STALE_PUSH_DAYS,
  PROJECT_PAGE_MAX_GROUPS,
  PROJECT_PAGE_MAX_PEOPLE,
  type ContributingResponse,
  type FiguresSource,
  type GroupSummary,
  type ProjectPageParams,
  type ProjectPageResponse,
  type ProjectPerson,
  type RequesterSummary,
} from '@openlfg/contracts';
import { notFound } from '../platform/http/errors.js';
import type { ClaimRow, ContributorRow, PageRepository } from './page-repository.js';
import { projectUrl, toProject } from './presenters.js';

interface Caller {
  id: number;
}

export interface ProjectPageDeps {
  repository: PageRepository;
  /** The groups around a repository as lists show them (the groups feature's rule, given by app.ts). */
  groupsAround: (repoExt: string, limit: number) => Promise<{ groups: GroupSummary[]; total: number }>;
  /** A login's public GitHub summary; never throws (github/user-summary.ts). */
  summaryOf: (login: string) => Promise<RequesterSummary>;
  /** Asks for the project's stale issues to be rechecked with GitHub, in the background; never waits. */
  recheckIssues?: (projectId: number) => void;
}

const DAY_MS = 86_400_000;

/**
 * Who may see the people here by name: signed-in users. Anonymous callers (passers-by, search engines) get how
 * many there are, so a public page names nobody.
 */
const maySeePeople = (caller: Caller | null): caller is Caller => caller !== null;

type PageRow = NonNullable<Awaited<ReturnType<PageRepository['findPage']>>>;

function figuresOf(row: PageRow): FiguresSource {
  if (row.is_demo) return { source: 'demo', at: null };
  if (row.last_synced_at) return { source: 'github', at: row.last_synced_at.toISOString() };
  return { source: 'awaiting-sync', at: row.last_sync_at ? new Date(row.last_sync_at).toISOString() : null };
}

/** As the finder leaves it out: not archived, and no push for FINDER_STALE_PUSH_DAYS (an unknown push is not held against it). */
function isQuiet(row: PageRow, now: number): boolean {
  if (row.archived || row.last_push_at === null) return false;
  return now - row.last_push_at.getTime() > FINDER_STALE_PUSH_DAYS * DAY_MS;
}

/** Claimers first (their claims gathered), then those who only said they would contribute. */
function gatherPeople(claims: ClaimRow[], contributors: ContributorRow[]) {
  const people = new Map<
    number,
    { row: ClaimRow | ContributorRow; claims: ClaimRow[]; contributing: boolean }
  >();
  for (const claim of claims) {
    const person = people.get(claim.user_id) ?? { row: claim, claims: [], contributing: false };
    person.claims.push(claim);
    people.set(claim.user_id, person);
  }
  for (const contributor of contributors) {
    const person = people.get(contributor.user_id) ?? { row: contributor, claims: [], contributing: false };
    person.contributing = true;
    people.set(contributor.user_id, person);
  }
  return [...people.values()].slice(0, PROJECT_PAGE_MAX_PEOPLE);
}

/** A project's page and the caller's "I'd like to contribute here". */
export function createProjectPageService(deps: ProjectPageDeps) {
  const { repository } = deps;

  /** The check every action starts with: the project must be in the catalogue. */
  async function loadProject(params: ProjectPageParams, caller: Caller | null): Promise<PageRow> {
    const row = await repository.findPage(`${params.owner}/${params.name}`, caller?.id ?? null);
    if (!row) {
      throw notFound(
        `There is no project ${params.owner}/${params.name} in the catalogue. Ask for it to be added from Discover.`,
      );
    }
    return row;
  }

  async function peopleOf(projectId: number): Promise<ProjectPerson[]> {
    const [claims, contributors] = await Promise.all([
      repository.claims(projectId, PROJECT_PAGE_MAX_PEOPLE * 3),
      repository.contributors(projectId, PROJECT_PAGE_MAX_PEOPLE),
    ]);
    return Promise.all(
      gatherPeople(claims, contributors).map(async ({ row, claims: held, contributing }) => ({
        login: row.login,
        avatarUrl: row.avatar_url,
        claims: held.map((c) => ({
          issueId: c.issue_id,
          number: c.number,
          title: c.title,
          expiresAt: c.expires_at.toISOString(),
        })),
        contributing,
        // The demo's made-up people have no GitHub account to ask about.
        github:
          row.github_id === 0
            ? { available: false as const, login: row.login }
            : await deps.summaryOf(row.login),
      })),
    );
  }

  return {
    async page(caller: Caller | null, params: ProjectPageParams): Promise<ProjectPageResponse> {
      const row = await loadProject(params, caller);
      const [around, list] = await Promise.all([
        deps.groupsAround(row.repo_ext, PROJECT_PAGE_MAX_GROUPS),
        maySeePeople(caller) ? peopleOf(row.id) : Promise.resolve(null),
      ]);
      const answer: ProjectPageResponse = {
        project: toProject(row),
        figures: figuresOf(row),
        quiet: isQuiet(row, Date.now()),
        contributeUrl: `${projectUrl(row.repo_ext)}/contribute`,
        saved: row.saved,
        contributing: row.contributing,
        groups: around.groups,
        groupsTotal: around.total,
        people: { claimers: row.claimers_count, contributors: row.contributors_count, list },
      };
      // Someone looks at the project: its issues' facts, when old, are asked about again after this answer.
      deps.recheckIssues?.(row.id);
      return answer;
    },

    /** Says (`on`) or takes back "I'd like to contribute here"; repeats are harmless. */
    async setContributing(
      caller: Caller,
      params: ProjectPageParams,
      on: boolean,
    ): Promise<ContributingResponse> {
      const row = await loadProject(params, caller);
      const contributors = await repository.setContributing(row.id, caller.id, on);
      if (contributors === undefined) throw notFound(`There is no project ${params.owner}/${params.name}.`);
      return { projectId: row.id, contributing: on, contributors };
    },
  };
}

export type ProjectPageService = ReturnType<typeof createProjectPageService>;
