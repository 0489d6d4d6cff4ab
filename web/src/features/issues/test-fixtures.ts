import type {
  FinderIssue,
  IssueListRequest,
  IssueListResponse,
  MyClaimsResponse,
  TakenSignal,
} from '@openlfg/contracts';
import type { MockHandler, RecordedCall } from '../../test/api-mock';
import { topicSearchHandler } from '../../test/topic-search-mock';

/** An issue as the finder's API sends it: free, no claim, unless overridden. */
export function makeFinderIssue(overrides: Partial<FinderIssue> = {}): FinderIssue {
  const issueId = overrides.issueId ?? 1;
  const number = overrides.number ?? issueId;
  return {
    issueId,
    project: { projectId: 7, repoExt: 'tokio-rs/tokio', name: 'tokio', language: 'Rust', topics: ['async'] },
    number,
    title: `Issue ${issueId}`,
    url: `https://github.com/tokio-rs/tokio/issues/${number}`,
    labels: [{ name: 'good first issue', color: '7057ff' }],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    comments: 0,
    taken: free(),
    responsiveness: { medianHours: 30, text: 'maintainers usually answer within 2 days' },
    claim: null,
    claims: 0,
    why: null,
    isDemo: false,
    ...overrides,
  };
}

export function free(): TakenSignal {
  return { state: 'free', reason: 'nobody is on it', since: null, by: null };
}

export function page(data: FinderIssue[], nextCursor: string | null = null): IssueListResponse {
  return { data, nextCursor, sort: 'newest' };
}

export function myClaims(data: FinderIssue[], limit = 3): MyClaimsResponse {
  return { data, limit };
}

export const signedInSession = { isLoginLoading: false, isLoggedIn: true };

/** What a signed-in app asks on start, answered so the session stays signed in. */
export const signedInHandlers: Record<string, MockHandler> = {
  'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
};

export const filterOptionHandlers: Record<string, MockHandler> = {
  ...topicSearchHandler([{ topic: 'async', count: 4 }]),
  'GET /api/projects/languages': () => ({
    body: { languages: [{ language: 'Rust', count: 9, derived: 0 }], known: 9, total: 12 },
  }),
};

/** The finder requests made, in order. */
export function finderRequests(calls: readonly RecordedCall[]): IssueListRequest[] {
  return calls
    .filter((call) => call.method === 'POST' && call.url === '/api/issues')
    .map((call) => call.body as IssueListRequest);
}
