/**
 * Every endpoint of the API, declared once: its method, its path and who may call it. The server registers its
 * routes from these (with the schemas of `api-schemas.ts`, under the same names) and refuses at start a route
 * that is not declared here; the web's typed client calls them by name. Plain values, no TypeBox: the web
 * bundle takes this file without the schemas.
 */
export type Auth = 'anyone' | 'user' | 'moderator';

export interface EndpointDeclaration {
  method: 'GET' | 'POST' | 'DELETE';
  path: `/api/${string}`;
  /** `user`: a signed-in user (else 401, or 403 for an ended session); `moderator`: a moderator (ADMIN_LOGINS). */
  auth: Auth;
  /** One sentence for the OpenAPI document and the reference at /api/docs: what calling it does or answers. */
  summary: string;
}

const declare = <const T extends Record<string, EndpointDeclaration>>(endpoints: T) => endpoints;

export const API = declare({
  health: {
    method: 'GET',
    path: '/api/health',
    auth: 'anyone',
    summary: 'Whether the service and its database answer.',
  },

  authorize: {
    method: 'GET',
    path: '/api/account/authorize',
    auth: 'anyone',
    summary: 'Starts sign-in with GitHub: redirects to the provider.',
  },
  login: {
    method: 'POST',
    path: '/api/account/login',
    auth: 'anyone',
    summary: 'Finishes sign-in with the code the provider returned.',
  },
  checkAuth: {
    method: 'GET',
    path: '/api/account/check-auth',
    auth: 'anyone',
    summary: 'Whether the caller is signed in, and as whom.',
  },
  userInfo: {
    method: 'GET',
    path: '/api/account/user-info',
    auth: 'user',
    summary: "The signed-in user's profile.",
  },
  logout: {
    method: 'DELETE',
    path: '/api/account/logout',
    auth: 'anyone',
    summary: 'Signs out: ends the session.',
  },
  publicRepos: {
    method: 'GET',
    path: '/api/account/public-repos',
    auth: 'user',
    summary: "The signed-in user's public GitHub repositories.",
  },

  listProjects: {
    method: 'POST',
    path: '/api/projects',
    auth: 'anyone',
    summary: 'One page of the catalogue, sorted and filtered.',
  },
  projectTopics: {
    method: 'GET',
    path: '/api/projects/topics',
    auth: 'anyone',
    summary: "The catalogue's most used topics, with counts.",
  },
  searchTopics: {
    method: 'GET',
    path: '/api/projects/topics/search',
    auth: 'anyone',
    summary: 'Topics whose name or alias starts with, or nearly matches, what was typed; most used first.',
  },
  projectLanguages: {
    method: 'GET',
    path: '/api/projects/languages',
    auth: 'anyone',
    summary:
      "The catalogue's languages with counts (derived ones told apart), and how many projects have one.",
  },
  saveProject: {
    method: 'POST',
    path: '/api/projects/save',
    auth: 'user',
    summary: 'Saves a project for the caller.',
  },
  unsaveProject: {
    method: 'DELETE',
    path: '/api/projects/save',
    auth: 'user',
    summary: "Removes a project from the caller's saved list.",
  },
  savedProjects: {
    method: 'GET',
    path: '/api/projects/saved',
    auth: 'user',
    summary: "The caller's saved projects.",
  },
  requestProject: {
    method: 'POST',
    path: '/api/projects/request',
    auth: 'user',
    summary: 'Asks the moderators to add a GitHub repository to the catalogue.',
  },
  projectIssues: {
    method: 'GET',
    path: '/api/projects/issues',
    auth: 'anyone',
    summary: "A project's open GitHub issues, live from GitHub (the last answer when GitHub is unreachable).",
  },

  listIssues: {
    method: 'POST',
    path: '/api/issues',
    auth: 'anyone',
    summary:
      'One page of open beginner issues across the catalogue, filtered and sorted, each saying whether someone is on it.',
  },
  myIssueClaims: {
    method: 'GET',
    path: '/api/issues/claims',
    auth: 'user',
    summary: "The caller's active claims on issues.",
  },
  claimIssue: {
    method: 'POST',
    path: '/api/issues/claims',
    auth: 'user',
    summary:
      'Claims an issue on OpenLFG for 14 days ("I\'m working on this"), or renews the caller\'s claim.',
  },
  releaseIssueClaim: {
    method: 'DELETE',
    path: '/api/issues/claims',
    auth: 'user',
    summary: "Releases the caller's claim on an issue.",
  },

  listGroups: {
    method: 'POST',
    path: '/api/group-projects',
    auth: 'anyone',
    summary: 'One page of group projects, sorted and filtered.',
  },
  postGroup: {
    method: 'POST',
    path: '/api/group-projects/post-project',
    auth: 'user',
    summary: 'Posts a new group project; the caller becomes its owner.',
  },
  saveGroup: {
    method: 'POST',
    path: '/api/group-projects/save',
    auth: 'user',
    summary: 'Saves a group project for the caller.',
  },
  unsaveGroup: {
    method: 'DELETE',
    path: '/api/group-projects/save',
    auth: 'user',
    summary: "Removes a group project from the caller's saved list.",
  },
  joinGroup: {
    method: 'POST',
    path: '/api/group-projects/join',
    auth: 'user',
    summary: 'Joins a public group project.',
  },
  requestToJoin: {
    method: 'POST',
    path: '/api/group-projects/request',
    auth: 'user',
    summary: 'Asks the owner of a private group project to let the caller in.',
  },
  cancelJoinRequest: {
    method: 'DELETE',
    path: '/api/group-projects/request',
    auth: 'user',
    summary: "Withdraws the caller's pending request to join.",
  },
  myJoinRequests: {
    method: 'GET',
    path: '/api/group-projects/request',
    auth: 'user',
    summary: "The caller's pending requests to join.",
  },
  pendingRequests: {
    method: 'GET',
    path: '/api/group-projects/pending-requests',
    auth: 'user',
    summary: "Requests waiting on the caller's own group projects.",
  },
  approveJoinRequest: {
    method: 'POST',
    path: '/api/group-projects/pending-requests',
    auth: 'user',
    summary: 'Lets a requester into a group project the caller owns.',
  },
  rejectJoinRequest: {
    method: 'DELETE',
    path: '/api/group-projects/pending-requests',
    auth: 'user',
    summary: 'Turns down a request to join a group project the caller owns.',
  },
  leaveGroup: {
    method: 'DELETE',
    path: '/api/group-projects/leave',
    auth: 'user',
    summary: 'Leaves a group project the caller is a member of.',
  },
  deleteGroup: {
    method: 'DELETE',
    path: '/api/group-projects/delete-project',
    auth: 'user',
    summary: 'Deletes a group project the caller created, with its board.',
  },
  reportGroup: {
    method: 'POST',
    path: '/api/group-projects/report',
    auth: 'user',
    summary: 'Reports a group project to the moderators.',
  },
  createdGroups: {
    method: 'GET',
    path: '/api/group-projects/created-projects',
    auth: 'user',
    summary: 'The group projects the caller created.',
  },
  savedGroups: {
    method: 'GET',
    path: '/api/group-projects/saved',
    auth: 'user',
    summary: "The caller's saved group projects.",
  },
  myGroups: {
    method: 'GET',
    path: '/api/group-projects/my-groups',
    auth: 'user',
    summary: 'The group projects the caller is a member of, with unread counts.',
  },
  groupCard: {
    method: 'GET',
    path: '/api/group-projects/:groupProjectId',
    auth: 'anyone',
    summary: "One group project's card, with what the caller may do.",
  },
  groupViewers: {
    method: 'POST',
    path: '/api/group-projects/viewer',
    auth: 'anyone',
    summary: 'What the caller may do on each of several group projects.',
  },
  discussionInfo: {
    method: 'POST',
    path: '/api/group-projects/discussion-info',
    auth: 'anyone',
    summary: "A group project's discussion board details, for those who may read it.",
  },

  addMessage: {
    method: 'POST',
    path: '/api/messages/add-message',
    auth: 'user',
    summary: "Posts a message to a group project's discussion board.",
  },
  markRead: {
    method: 'POST',
    path: '/api/messages/latest-message',
    auth: 'user',
    summary: 'Marks a board read up to its latest message.',
  },
  messageHistory: {
    method: 'GET',
    path: '/api/messages/history',
    auth: 'anyone',
    summary: "Earlier messages of a group project's discussion board.",
  },
  unreadCounts: {
    method: 'GET',
    path: '/api/messages/unread',
    auth: 'user',
    summary: "Unread message counts on the caller's boards.",
  },

  moderatorStatus: {
    method: 'GET',
    path: '/api/admin/me',
    auth: 'user',
    summary: 'Whether the caller is a moderator.',
  },
  projectRequests: {
    method: 'GET',
    path: '/api/admin/requests',
    auth: 'moderator',
    summary: 'Pending requests to add projects.',
  },
  requestFigures: {
    method: 'GET',
    path: '/api/admin/requests/:id/github',
    auth: 'moderator',
    summary: "A requested repository's figures from GitHub.",
  },
  approveProjectRequest: {
    method: 'POST',
    path: '/api/admin/requests/:id/approve',
    auth: 'moderator',
    summary: 'Adds a requested project to the catalogue.',
  },
  rejectProjectRequest: {
    method: 'POST',
    path: '/api/admin/requests/:id/reject',
    auth: 'moderator',
    summary: 'Turns down a request to add a project.',
  },
  openReports: {
    method: 'GET',
    path: '/api/admin/reports',
    auth: 'moderator',
    summary: 'Group projects with open reports.',
  },
  dismissReports: {
    method: 'POST',
    path: '/api/admin/reports/:groupId/dismiss',
    auth: 'moderator',
    summary: "Closes a group project's reports without action.",
  },
  hideReportedGroup: {
    method: 'POST',
    path: '/api/admin/reports/:groupId/hide',
    auth: 'moderator',
    summary: 'Hides a reported group project, with a reason.',
  },
  deleteReportedGroup: {
    method: 'POST',
    path: '/api/admin/reports/:groupId/delete',
    auth: 'moderator',
    summary: 'Deletes a reported group project.',
  },
  catalogueHealth: {
    method: 'GET',
    path: '/api/admin/catalogue',
    auth: 'moderator',
    summary: "The catalogue's state: the last sync run and its failures.",
  },
  removeProject: {
    method: 'DELETE',
    path: '/api/admin/projects/:id',
    auth: 'moderator',
    summary: 'Removes a project from the catalogue.',
  },
  startSync: {
    method: 'POST',
    path: '/api/admin/sync',
    auth: 'moderator',
    summary: 'Starts a catalogue sync now.',
  },
  auditLog: {
    method: 'GET',
    path: '/api/admin/audit',
    auth: 'moderator',
    summary: "The moderators' audit log.",
  },
});

export type EndpointName = keyof typeof API;
