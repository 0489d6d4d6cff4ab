/**
 * Every endpoint of the API, declared once: its method, its path and who may call it. The server registers its
 * routes from these (with the schemas of `api-schemas.ts`, under the same names) and refuses at start a route
 * that is not declared here; the web's typed client calls them by name. Plain values, no TypeBox: the web
 * bundle takes this file without the schemas.
 */
export type Auth = 'anyone' | 'user' | 'moderator';

export interface EndpointDeclaration {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/api/${string}`;
  /** `user`: a signed-in user (else 401, or 403 for an ended session); `moderator`: a moderator (ADMIN_LOGINS). */
  auth: Auth;
}

const declare = <const T extends Record<string, EndpointDeclaration>>(endpoints: T) => endpoints;

export const API = declare({
  health: { method: 'GET', path: '/api/health', auth: 'anyone' },
  ready: { method: 'GET', path: '/api/ready', auth: 'anyone' },

  authorize: { method: 'GET', path: '/api/account/authorize', auth: 'anyone' },
  login: { method: 'POST', path: '/api/account/login', auth: 'anyone' },
  checkAuth: { method: 'GET', path: '/api/account/check-auth', auth: 'anyone' },
  userInfo: { method: 'GET', path: '/api/account/user-info', auth: 'user' },
  logout: { method: 'DELETE', path: '/api/account/logout', auth: 'anyone' },
  publicRepos: { method: 'GET', path: '/api/account/public-repos', auth: 'user' },
  mailSettings: { method: 'GET', path: '/api/account/mail-settings', auth: 'user' },
  updateMailSettings: { method: 'POST', path: '/api/account/mail-settings', auth: 'user' },
  blockedUsers: { method: 'GET', path: '/api/account/blocks', auth: 'user' },
  blockUser: { method: 'POST', path: '/api/account/blocks', auth: 'user' },
  unblockUser: { method: 'DELETE', path: '/api/account/blocks', auth: 'user' },
  reportUser: { method: 'POST', path: '/api/users/report', auth: 'user' },
  ownProfile: { method: 'GET', path: '/api/account/profile', auth: 'user' },
  saveOwnProfile: { method: 'POST', path: '/api/account/profile', auth: 'user' },
  userProfile: { method: 'GET', path: '/api/users/:login', auth: 'anyone' },
  confirmMail: { method: 'POST', path: '/api/mail/confirm', auth: 'anyone' },
  unsubscribeMail: { method: 'POST', path: '/api/mail/unsubscribe', auth: 'anyone' },
  issueAlerts: { method: 'GET', path: '/api/account/alerts', auth: 'user' },
  createIssueAlert: { method: 'POST', path: '/api/account/alerts', auth: 'user' },
  deleteIssueAlert: { method: 'DELETE', path: '/api/account/alerts/:alertId', auth: 'user' },

  listProjects: { method: 'POST', path: '/api/projects', auth: 'anyone' },
  projectTopics: { method: 'GET', path: '/api/projects/topics', auth: 'anyone' },
  searchTopics: { method: 'GET', path: '/api/projects/topic-search', auth: 'anyone' },
  projectLanguages: { method: 'GET', path: '/api/projects/languages', auth: 'anyone' },
  saveProject: { method: 'POST', path: '/api/projects/save', auth: 'user' },
  unsaveProject: { method: 'DELETE', path: '/api/projects/save', auth: 'user' },
  savedProjects: { method: 'GET', path: '/api/projects/saved', auth: 'user' },
  requestProject: { method: 'POST', path: '/api/projects/request', auth: 'user' },
  projectIssues: { method: 'GET', path: '/api/projects/issues', auth: 'anyone' },
  projectPage: { method: 'GET', path: '/api/projects/:owner/:name', auth: 'anyone' },
  contributeHere: { method: 'PUT', path: '/api/projects/:owner/:name/contributors/me', auth: 'user' },
  stopContributingHere: {
    method: 'DELETE',
    path: '/api/projects/:owner/:name/contributors/me',
    auth: 'user',
  },

  listIssues: { method: 'POST', path: '/api/issues', auth: 'anyone' },
  myIssueClaims: { method: 'GET', path: '/api/issues/claims', auth: 'user' },
  claimIssue: { method: 'POST', path: '/api/issues/claims', auth: 'user' },
  releaseIssueClaim: { method: 'DELETE', path: '/api/issues/claims', auth: 'user' },

  listGroups: { method: 'POST', path: '/api/group-projects', auth: 'anyone' },
  postGroup: { method: 'POST', path: '/api/group-projects/post-project', auth: 'user' },
  editGroup: { method: 'POST', path: '/api/group-projects/edit-project', auth: 'user' },
  setGroupStatus: { method: 'POST', path: '/api/group-projects/status', auth: 'user' },
  removeMember: { method: 'POST', path: '/api/group-projects/remove-member', auth: 'user' },
  transferOwnership: { method: 'POST', path: '/api/group-projects/transfer-ownership', auth: 'user' },
  removedMembers: { method: 'GET', path: '/api/group-projects/removed-members', auth: 'user' },
  allowBack: { method: 'DELETE', path: '/api/group-projects/removed-members', auth: 'user' },
  saveGroup: { method: 'POST', path: '/api/group-projects/save', auth: 'user' },
  unsaveGroup: { method: 'DELETE', path: '/api/group-projects/save', auth: 'user' },
  joinGroup: { method: 'POST', path: '/api/group-projects/join', auth: 'user' },
  requestToJoin: { method: 'POST', path: '/api/group-projects/request', auth: 'user' },
  cancelJoinRequest: { method: 'DELETE', path: '/api/group-projects/request', auth: 'user' },
  myJoinRequests: { method: 'GET', path: '/api/group-projects/request', auth: 'user' },
  pendingRequests: { method: 'GET', path: '/api/group-projects/pending-requests', auth: 'user' },
  approveJoinRequest: { method: 'POST', path: '/api/group-projects/pending-requests', auth: 'user' },
  rejectJoinRequest: { method: 'DELETE', path: '/api/group-projects/pending-requests', auth: 'user' },
  leaveGroup: { method: 'DELETE', path: '/api/group-projects/leave', auth: 'user' },
  deleteGroup: { method: 'DELETE', path: '/api/group-projects/delete-project', auth: 'user' },
  reportGroup: { method: 'POST', path: '/api/group-projects/report', auth: 'user' },
  createdGroups: { method: 'GET', path: '/api/group-projects/created-projects', auth: 'user' },
  savedGroups: { method: 'GET', path: '/api/group-projects/saved', auth: 'user' },
  myGroups: { method: 'GET', path: '/api/group-projects/my-groups', auth: 'user' },
  groupCard: { method: 'GET', path: '/api/group-projects/:groupProjectId', auth: 'anyone' },
  groupViewers: { method: 'POST', path: '/api/group-projects/viewer', auth: 'anyone' },
  discussionInfo: { method: 'POST', path: '/api/group-projects/discussion-info', auth: 'anyone' },
  requesterSummary: {
    method: 'GET',
    path: '/api/group-projects/pending-requests/github',
    auth: 'user',
  },
  groupInvites: { method: 'GET', path: '/api/group-projects/invites', auth: 'user' },
  createInvite: { method: 'POST', path: '/api/group-projects/invites', auth: 'user' },
  revokeInvite: { method: 'DELETE', path: '/api/group-projects/invites', auth: 'user' },
  joinByInvite: { method: 'POST', path: '/api/group-projects/invites/join', auth: 'user' },
  peopleForGroup: { method: 'GET', path: '/api/group-projects/people', auth: 'user' },
  invitePerson: { method: 'POST', path: '/api/group-projects/people/invite', auth: 'user' },
  invitePreview: { method: 'GET', path: '/api/group-projects/invites/preview', auth: 'anyone' },

  addMessage: { method: 'POST', path: '/api/messages/add-message', auth: 'user' },
  markRead: { method: 'POST', path: '/api/messages/latest-message', auth: 'user' },
  editMessage: { method: 'POST', path: '/api/messages/edit-message', auth: 'user' },
  deleteMessage: { method: 'POST', path: '/api/messages/delete-message', auth: 'user' },
  messageHistory: { method: 'GET', path: '/api/messages/history', auth: 'anyone' },
  unreadCounts: { method: 'GET', path: '/api/messages/unread', auth: 'user' },

  addRoomMessage: { method: 'POST', path: '/api/project-rooms/add-message', auth: 'user' },
  editRoomMessage: { method: 'POST', path: '/api/project-rooms/edit-message', auth: 'user' },
  deleteRoomMessage: { method: 'POST', path: '/api/project-rooms/delete-message', auth: 'user' },
  roomHistory: { method: 'GET', path: '/api/project-rooms/history', auth: 'anyone' },

  projectMentors: { method: 'GET', path: '/api/mentors', auth: 'anyone' },
  volunteerMentor: { method: 'POST', path: '/api/mentors/volunteer', auth: 'user' },
  stepDownMentor: { method: 'POST', path: '/api/mentors/step-down', auth: 'user' },
  askMentor: { method: 'POST', path: '/api/mentors/ask', auth: 'user' },

  notifications: { method: 'GET', path: '/api/notifications', auth: 'user' },
  unreadNotifications: { method: 'GET', path: '/api/notifications/unread', auth: 'user' },
  markNotificationRead: { method: 'POST', path: '/api/notifications/read', auth: 'user' },
  markAllNotificationsRead: { method: 'POST', path: '/api/notifications/read-all', auth: 'user' },

  moderatorStatus: { method: 'GET', path: '/api/admin/me', auth: 'user' },
  projectRequests: { method: 'GET', path: '/api/admin/requests', auth: 'moderator' },
  requestFigures: { method: 'GET', path: '/api/admin/requests/:id/github', auth: 'moderator' },
  approveProjectRequest: { method: 'POST', path: '/api/admin/requests/:id/approve', auth: 'moderator' },
  rejectProjectRequest: { method: 'POST', path: '/api/admin/requests/:id/reject', auth: 'moderator' },
  openReports: { method: 'GET', path: '/api/admin/reports', auth: 'moderator' },
  dismissReports: { method: 'POST', path: '/api/admin/reports/:groupId/dismiss', auth: 'moderator' },
  hideReportedGroup: { method: 'POST', path: '/api/admin/reports/:groupId/hide', auth: 'moderator' },
  deleteReportedGroup: { method: 'POST', path: '/api/admin/reports/:groupId/delete', auth: 'moderator' },
  userReports: { method: 'GET', path: '/api/admin/user-reports', auth: 'moderator' },
  dismissUserReports: {
    method: 'POST',
    path: '/api/admin/user-reports/:login/dismiss',
    auth: 'moderator',
  },
  suspendUser: { method: 'POST', path: '/api/admin/users/:login/suspend', auth: 'moderator' },
  liftSuspension: { method: 'POST', path: '/api/admin/users/:login/lift-suspension', auth: 'moderator' },
  hiddenGroups: { method: 'GET', path: '/api/admin/hidden-groups', auth: 'moderator' },
  hiddenGroup: { method: 'GET', path: '/api/admin/hidden-groups/:groupId', auth: 'moderator' },
  restoreHiddenGroup: {
    method: 'POST',
    path: '/api/admin/hidden-groups/:groupId/restore',
    auth: 'moderator',
  },
  catalogueHealth: { method: 'GET', path: '/api/admin/catalogue', auth: 'moderator' },
  removeProject: { method: 'DELETE', path: '/api/admin/projects/:id', auth: 'moderator' },
  startSync: { method: 'POST', path: '/api/admin/sync', auth: 'moderator' },
  auditLog: { method: 'GET', path: '/api/admin/audit', auth: 'moderator' },

  // Signed by GitHub (X-Hub-Signature-256), not by a session: see the route.
  githubWebhook: { method: 'POST', path: '/api/github/webhooks', auth: 'anyone' },
});

export type EndpointName = keyof typeof API;
