import type {
  Project,
  ProjectIssue,
  ProjectListRequest,
  ProjectListResponse,
  ProjectPageResponse,
} from '@openlfg/contracts';
import type { MockHandler, RecordedCall } from '../../test/api-mock';

/**
 * A project's page as the API answers it, for tokio-rs/tokio (project 7): figures from GitHub just now, nothing
 * saved, no groups and nobody here; unless overridden.
 */
export function makeProjectPage(overrides: Partial<ProjectPageResponse> = {}): ProjectPageResponse {
  return {
    project: makeProject({ projectId: 7, repoExt: 'tokio-rs/tokio', name: 'tokio' }),
    figures: { source: 'github', at: new Date().toISOString() },
    quiet: false,
    contributeUrl: 'https://github.com/tokio-rs/tokio/contribute',
    saved: false,
    contributing: false,
    groups: [],
    groupsTotal: 0,
    people: { claimers: 0, contributors: 0, list: null },
    ...overrides,
  };
}

/** A project as the API sends it; every figure known unless overridden. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  const projectId = overrides.projectId ?? 1;
  const repoExt = overrides.repoExt ?? `owner/project-${projectId}`;
  return {
    projectId,
    repoExt,
    projectUrl: `https://github.com/${repoExt}`,
    name: `project-${projectId}`,
    description: 'A project to contribute to.',
    language: 'TypeScript',
    languageDerived: false,
    topics: ['cli'],
    stars: 10,
    forks: 2,
    contributors: 5,
    usedBy: 3,
    saves: 0,
    openIssues: 4,
    beginnerIssues: 1,
    license: 'MIT',
    lastPushAt: '2026-01-01T00:00:00.000Z',
    archived: false,
    addedAt: '2020-01-01T00:00:00.000Z',
    newSince: null,
    lastSyncedAt: '2026-01-01T00:00:00.000Z',
    isDemo: false,
    ...overrides,
  };
}

export function makeIssue(overrides: Partial<ProjectIssue> = {}): ProjectIssue {
  const number = overrides.number ?? 1;
  return {
    number,
    title: `Issue ${number}`,
    url: `https://github.com/owner/project-1/issues/${number}`,
    labels: [],
    comments: 0,
    createdAt: '2020-01-01T00:00:00.000Z',
    author: 'someone',
    assignee: null,
    hasLinkedPullRequest: false,
    beginnerFriendly: false,
    ...overrides,
  };
}

export function listResponse(
  data: Project[],
  overrides: Partial<ProjectListResponse> = {},
): ProjectListResponse {
  return {
    data,
    totalPages: 1,
    pageLocation: 1,
    total: data.length,
    known: {
      contributors: data.filter((project) => project.contributors !== null).length,
      usedBy: data.filter((project) => project.usedBy !== null).length,
    },
    sortFallback: false,
    lastCatalogueSyncAt: null,
    searchedFor: null,
    ...overrides,
  };
}

/** POST /api/projects answering `respond(request)`; the requests are in `calls` too. */
export function projectsHandler(
  respond: (request: ProjectListRequest) => ProjectListResponse,
): Record<string, MockHandler> {
  return {
    'POST /api/projects': (call: RecordedCall) => ({ body: respond(call.body as ProjectListRequest) }),
  };
}

/** The list requests made, in order. */
export function listRequests(calls: readonly RecordedCall[]): ProjectListRequest[] {
  return calls
    .filter((call) => call.method === 'POST' && call.url === '/api/projects')
    .map((call) => call.body as ProjectListRequest);
}

export const signedInSession = { isLoginLoading: false, isLoggedIn: true };

/** What a signed-in app asks on start, answered so the session stays signed in. */
export const signedInHandlers: Record<string, MockHandler> = {
  'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
};
