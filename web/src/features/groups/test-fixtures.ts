import type {
  DiscussionInfo,
  GroupListRequest,
  GroupListResponse,
  GroupPermissions,
  GroupProject,
  GroupViewer,
  GroupViewersBody,
  MyGroup,
  MyJoinRequest,
  ViewerRole,
} from '@openlfg/contracts';
import type { MockHandler, RecordedCall } from '../../test/api-mock';

export function makeGroup(overrides: Partial<GroupProject> = {}): GroupProject {
  const groupProjectId = overrides.groupProjectId ?? 1;
  return {
    groupProjectId,
    title: `Group ${groupProjectId}`,
    description: 'We build things together.',
    // The server's excerpt of a plain description is the description itself.
    excerpt: overrides.description ?? 'We build things together.',
    repoExt: null,
    topics: ['react'],
    skillLevel: 'Beginner',
    visibility: 'public',
    maxMembers: null,
    memberCount: 1,
    saves: 0,
    datePosted: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    owner: { login: 'owner', avatarUrl: null },
    ...overrides,
  };
}

export function groupList(
  data: GroupProject[],
  overrides: Partial<GroupListResponse> = {},
): GroupListResponse {
  return { data, totalPages: 1, pageLocation: 1, total: data.length, searchedFor: null, ...overrides };
}

export function groupsHandler(
  respond: (request: GroupListRequest) => GroupListResponse,
): Record<string, MockHandler> {
  return {
    'POST /api/group-projects': (call: RecordedCall) => ({ body: respond(call.body as GroupListRequest) }),
  };
}

export function groupListRequests(calls: readonly RecordedCall[]): GroupListRequest[] {
  return calls
    .filter((call) => call.method === 'POST' && call.url === '/api/group-projects')
    .map((call) => call.body as GroupListRequest);
}

export function callsTo(calls: readonly RecordedCall[], method: string, url: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.url === url);
}

export const signedInSession = { isLoginLoading: false, isLoggedIn: true };

/** A signed-in user 'ada' with the given groups and pending requests. */
/** The board's first read (`discussion-info`) answering `body`, a group with the viewer's standing. */
export function infoHandler(body: unknown) {
  return { 'POST /api/group-projects/discussion-info': () => ({ body: { data: body } }) };
}

export function signedInAs({
  myGroups = [],
  myRequests = [],
  saved = [],
}: {
  myGroups?: MyGroup[];
  myRequests?: MyJoinRequest[];
  saved?: GroupProject[];
} = {}): Record<string, MockHandler> {
  return {
    'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
    'GET /api/account/user-info': () => ({
      body: {
        user: { id: 1, login: 'ada', name: null, avatarUrl: null, profileUrl: 'https://github.com/ada' },
      },
    }),
    'GET /api/group-projects/my-groups': () => ({ body: { data: myGroups } }),
    'GET /api/group-projects/request': () => ({ body: { data: myRequests } }),
    'GET /api/group-projects/saved': () => ({ body: { data: saved } }),
  };
}

const NOTHING: GroupPermissions = {
  join: false,
  request: false,
  cancelRequest: false,
  leave: false,
  approve: false,
  reject: false,
  edit: false,
  delete: false,
  post: false,
  report: false,
  save: false,
  readDiscussion: false,
  invite: false,
  setStatus: false,
  removeMember: false,
  allowBack: false,
  transferOwnership: false,
};

/** A viewer block as the server would send it: `role`, allowed what `may` says and nothing else. */
export function makeViewer(
  role: ViewerRole,
  may: Partial<GroupPermissions> = {},
  mayOnceSignedIn?: Partial<GroupPermissions>,
): GroupViewer {
  return {
    role,
    may: { ...NOTHING, ...may },
    ...(mayOnceSignedIn ? { mayOnceSignedIn: { ...NOTHING, ...mayOnceSignedIn } } : {}),
  };
}

/** Answers the cards' viewer blocks with `viewerOf` for each group asked about (none when it answers undefined). */
export function viewersHandler(
  viewerOf: (groupProjectId: number) => GroupViewer | undefined,
): Record<string, MockHandler> {
  return {
    'POST /api/group-projects/viewer': (call: RecordedCall) => ({
      body: {
        data: (call.body as GroupViewersBody).groupProjectIds.flatMap((groupProjectId) => {
          const viewer = viewerOf(groupProjectId);
          return viewer ? [{ groupProjectId, viewer }] : [];
        }),
      },
    }),
  };
}

export function makeInfo(group: GroupProject, overrides: Partial<DiscussionInfo> = {}): DiscussionInfo {
  return {
    group,
    members: [{ login: group.owner.login, avatarUrl: null, role: 'owner', joinedAt: group.datePosted }],
    discordUrl: null,
    room: `discussion-board-${group.groupProjectId}`,
    viewer: makeViewer('none', { readDiscussion: true }),
    ...overrides,
  };
}

export function apiError(status: number, code: string, message: string) {
  return { status, body: { error: { code, message } } };
}

/**
 * What 'ada' opening her own group's page asks the API: the group with `viewer`'s word on it, and the owner's
 * lists (pending requests, invite links, removed members), empty unless `handlers` answer them.
 */
export function ownerPageHandlers(
  group: GroupProject,
  viewer: GroupViewer,
  handlers: Record<string, MockHandler> = {},
): Record<string, MockHandler> {
  return {
    ...signedInAs(),
    'POST /api/group-projects/discussion-info': () => ({ body: { data: makeInfo(group, { viewer }) } }),
    'GET /api/group-projects/pending-requests': () => ({ body: { data: [] } }),
    'GET /api/group-projects/invites': () => ({ body: { data: [] } }),
    'GET /api/group-projects/removed-members': () => ({ body: { data: [] } }),
    'GET /api/group-projects/people': () => ({ body: { data: [], invitationsLeftToday: 20 } }),
    ...handlers,
  };
}
