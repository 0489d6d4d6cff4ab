import type {
  AdminProjectRequest,
  AdminReportedGroup,
  AuditEntry,
  CatalogueHealth,
} from '@openlfg/contracts';
import type { MockHandler, RecordedCall } from '../../test/api-mock';

export const signedInSession = { isLoginLoading: false, isLoggedIn: true };

/** A signed-in user 'mia', a moderator or not, as the server answers GET /api/admin/me. */
export function signedInAs({ moderator }: { moderator: boolean }): Record<string, MockHandler> {
  return {
    'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
    'GET /api/account/user-info': () => ({
      body: {
        user: { id: 1, login: 'mia', name: null, avatarUrl: null, profileUrl: 'https://github.com/mia' },
      },
    }),
    'GET /api/admin/me': () => ({ body: { moderator } }),
  };
}

export function apiError(status: number, code: string, message: string) {
  return { status, body: { error: { code, message } } };
}

export function callsTo(calls: readonly RecordedCall[], method: string, url: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.url === url);
}

/** A page of `data` as the admin routes answer it. */
export function paged<T>(data: T[], page = 1, totalPages = 1) {
  return { data, page, totalPages, total: data.length };
}

export function makeRequest(overrides: Partial<AdminProjectRequest> = {}): AdminProjectRequest {
  const id = overrides.id ?? 1;
  return {
    id,
    repoExt: `octo/tool-${id}`,
    createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
    requesters: ['ada'],
    listed: false,
    ...overrides,
  };
}

export function makeReportedGroup(overrides: Partial<AdminReportedGroup> = {}): AdminReportedGroup {
  const groupId = overrides.groupId ?? 1;
  return {
    groupId,
    title: `Group ${groupId}`,
    exists: true,
    hidden: false,
    reports: [{ reporter: 'bob', reason: 'Spam links.', at: new Date().toISOString() }],
    ...overrides,
  };
}

export function makeHealth(overrides: Partial<CatalogueHealth> = {}): CatalogueHealth {
  return {
    lastRun: {
      id: 7,
      status: 'completed',
      startedAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
      finishedAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
      total: 120,
      synced: 118,
      failed: 2,
      error: null,
    },
    failures: [{ repoExt: 'gone/repo', kind: 'unreachable', reason: 'GitHub has no such repository' }],
    budgets: {
      github: { remaining: 4321, resetAt: new Date().toISOString() },
      graphql: { remaining: null, resetAt: null },
      ecosystemsRemaining: 99,
    },
    projectsTotal: 120,
    problems: paged([
      { id: 31, repoExt: 'old/archived', archived: true, unreachableSince: null },
      { id: 32, repoExt: 'gone/repo', archived: false, unreachableSince: '2026-01-02T00:00:00.000Z' },
    ]),
    syncRunning: false,
    syncAvailable: true,
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    at: new Date().toISOString(),
    actor: 'mia',
    action: 'request.approve',
    objectType: 'project_request',
    objectId: '12',
    reason: null,
    details: { repoExt: 'octo/tool', projectId: 3 },
    ...overrides,
  };
}
