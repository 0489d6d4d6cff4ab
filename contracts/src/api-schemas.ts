import { Type, type Static, type TSchema } from 'typebox';
import type { EndpointName } from './api.js';
import {
  AuthorizeQuery,
  CheckAuthResponse,
  LoginBody,
  LoginResponse,
  PublicReposResponse,
  UserInfoResponse,
} from './accounts.js';
import {
  DecideRequestBody,
  DiscussionInfoResponse,
  GroupIdBody,
  GroupListOfMine,
  GroupListRequest,
  GroupListResponse,
  GroupCardResponse,
  GroupProject,
  GroupViewersBody,
  GroupViewersResponse,
  MembershipResponse,
  MyGroupsResponse,
  MyJoinRequestsResponse,
  PendingRequestsResponse,
  PostGroupBody,
  EditGroupBody,
  SetGroupStatusBody,
  ReportBody,
  SaveGroupBody,
  SaveGroupResponse,
} from './groups.js';
import {
  AllowBackBody,
  AllowBackResponse,
  RemovedMembersQuery,
  RemovedMembersResponse,
  RemoveMemberBody,
  TransferOwnershipBody,
} from './group-members.js';
import { RequesterSummary, RequesterSummaryQuery, RequestToJoinBody } from './join-requests.js';
import {
  CreateInviteBody,
  GroupInvite,
  GroupInvitesQuery,
  GroupInvitesResponse,
  InvitePreview,
  InvitePreviewQuery,
  JoinByInviteBody,
  RevokeInviteBody,
  RevokeInviteResponse,
} from './invites.js';
import { HealthResponse, ReadyResponse } from './health.js';
import {
  AdminUserParams,
  AdminUserReportsResponse,
  BlockBody,
  BlocksResponse,
  DismissUserReportsBody,
  ReportUserBody,
  SuspensionBody,
  SuspensionOutcome,
  UserReportFiled,
} from './safety.js';
import {
  ClaimIssueBody,
  ClaimResponse,
  IssueListRequest,
  IssueListResponse,
  MyClaimsResponse,
  ReleaseClaimBody,
  ReleaseClaimResponse,
} from './issues.js';
import {
  AddMessageRequest,
  AddMessageResponse,
  AddRoomMessageRequest,
  DeleteRoomMessageRequest,
  EditRoomMessageRequest,
  RoomHistoryQuery,
  ChangedMessageResponse,
  DeleteMessageRequest,
  EditMessageRequest,
  LatestMessageRequest,
  LatestMessageResponse,
  MessageHistoryQuery,
  MessageHistoryResponse,
  UnreadCountsResponse,
} from './messages.js';
import {
  AdminGroupParams,
  AdminIdParams,
  AdminPageQuery,
  AdminReportsResponse,
  AdminRequestsResponse,
  AuditLogResponse,
  CatalogueHealth,
  ModeratorStatus,
  OptionalReasonBody,
  ReasonBody,
  HiddenGroup,
  HiddenGroupsResponse,
  RestoreOutcome,
  RepositoryFigures,
  ReportOutcome,
  RequestDecision,
  SyncStarted,
} from './moderation.js';
import {
  LanguagesResponse,
  ProjectIdBody,
  ProjectIssuesQuery,
  ProjectIssuesResponse,
  ProjectListRequest,
  ProjectListResponse,
  ProjectRequestBody,
  ProjectRequestResponse,
  SavedProjectsResponse,
  SaveProjectResponse,
  TopicSearchQuery,
  TopicSearchResponse,
  TopicsResponse,
} from './projects.js';
import { ContributingResponse, ProjectPageParams, ProjectPageResponse } from './project-page.js';
import {
  MarkAllNotificationsReadBody,
  MarkNotificationReadBody,
  NotificationsQuery,
  NotificationsResponse,
  UnreadNotificationsResponse,
} from './notifications.js';
import {
  AskMentorRequest,
  AskMentorResponse,
  MentorsQuery,
  MentorsResponse,
  StepDownMentorRequest,
  StepDownMentorResponse,
  VolunteerMentorRequest,
  VolunteerMentorResponse,
} from './mentors.js';
import { NoContent, Redirect } from './schema-helpers.js';
import { CreateIssueAlertBody, IssueAlert, IssueAlertParams, IssueAlertsResponse } from './alerts.js';
import { WebhookOutcome } from './webhooks.js';
import {
  MailLinkOutcome,
  MailSettings,
  MailSettingsBody,
  MailTokenBody,
  MailTokenQuery,
  SavedMailSettings,
} from './mail.js';
import {
  InvitePersonBody,
  InvitePersonResponse,
  OwnProfile,
  PeopleForGroupQuery,
  PeopleForGroupResponse,
  ProfileBody,
  UserProfile,
  UserProfileParams,
} from './profiles.js';

/** What an endpoint takes and answers: the schemas the server validates and serialises with, per status. */
export interface EndpointSchemas {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: Partial<Record<200 | 201 | 202 | 204 | 302 | 503, TSchema>>;
}

const GroupIdParams = Type.Object({ groupProjectId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });
export const ReportFiled = Type.Object({ groupProjectId: Type.Integer(), status: Type.Literal('open') });

const schemas = <const T extends Record<EndpointName, EndpointSchemas>>(all: T) => all;

/** The schemas of every endpoint of `API` (api.ts), under the same names. */
export const API_SCHEMAS = schemas({
  health: { response: { 200: HealthResponse, 503: HealthResponse } },
  ready: { response: { 200: ReadyResponse, 503: ReadyResponse } },

  authorize: { querystring: AuthorizeQuery, response: { 302: Redirect } },
  login: { body: LoginBody, response: { 200: LoginResponse } },
  checkAuth: { response: { 200: CheckAuthResponse } },
  userInfo: { response: { 200: UserInfoResponse } },
  logout: { response: { 204: NoContent } },
  publicRepos: { response: { 200: PublicReposResponse } },
  mailSettings: { response: { 200: MailSettings } },
  issueAlerts: { response: { 200: IssueAlertsResponse } },
  createIssueAlert: { body: CreateIssueAlertBody, response: { 201: IssueAlert } },
  deleteIssueAlert: { params: IssueAlertParams, response: { 204: NoContent } },
  updateMailSettings: { body: MailSettingsBody, response: { 200: SavedMailSettings } },
  ownProfile: { response: { 200: OwnProfile } },
  saveOwnProfile: { body: ProfileBody, response: { 200: OwnProfile } },
  userProfile: { params: UserProfileParams, response: { 200: UserProfile } },
  confirmMail: { body: MailTokenBody, response: { 200: MailLinkOutcome } },
  unsubscribeMail: { querystring: MailTokenQuery, response: { 200: MailLinkOutcome } },

  listProjects: { body: ProjectListRequest, response: { 200: ProjectListResponse } },
  projectTopics: { response: { 200: TopicsResponse } },
  searchTopics: { querystring: TopicSearchQuery, response: { 200: TopicSearchResponse } },
  projectLanguages: { response: { 200: LanguagesResponse } },
  saveProject: { body: ProjectIdBody, response: { 200: SaveProjectResponse } },
  unsaveProject: { body: ProjectIdBody, response: { 200: SaveProjectResponse } },
  savedProjects: { response: { 200: SavedProjectsResponse } },
  requestProject: {
    body: ProjectRequestBody,
    response: { 200: ProjectRequestResponse, 201: ProjectRequestResponse },
  },
  projectIssues: { querystring: ProjectIssuesQuery, response: { 200: ProjectIssuesResponse } },
  projectPage: { params: ProjectPageParams, response: { 200: ProjectPageResponse } },
  contributeHere: { params: ProjectPageParams, response: { 200: ContributingResponse } },
  stopContributingHere: { params: ProjectPageParams, response: { 200: ContributingResponse } },

  listIssues: { body: IssueListRequest, response: { 200: IssueListResponse } },
  myIssueClaims: { response: { 200: MyClaimsResponse } },
  claimIssue: { body: ClaimIssueBody, response: { 200: ClaimResponse, 201: ClaimResponse } },
  releaseIssueClaim: { body: ReleaseClaimBody, response: { 200: ReleaseClaimResponse } },

  listGroups: { body: GroupListRequest, response: { 200: GroupListResponse } },
  postGroup: { body: PostGroupBody, response: { 201: GroupProject } },
  editGroup: { body: EditGroupBody, response: { 200: GroupProject } },
  setGroupStatus: { body: SetGroupStatusBody, response: { 200: GroupCardResponse } },
  removeMember: { body: RemoveMemberBody, response: { 200: MembershipResponse } },
  transferOwnership: { body: TransferOwnershipBody, response: { 200: MembershipResponse } },
  removedMembers: { querystring: RemovedMembersQuery, response: { 200: RemovedMembersResponse } },
  allowBack: { body: AllowBackBody, response: { 200: AllowBackResponse } },
  saveGroup: { body: SaveGroupBody, response: { 200: SaveGroupResponse } },
  unsaveGroup: { body: SaveGroupBody, response: { 200: SaveGroupResponse } },
  joinGroup: { body: GroupIdBody, response: { 200: MembershipResponse } },
  requestToJoin: { body: RequestToJoinBody, response: { 200: MembershipResponse, 201: MembershipResponse } },
  cancelJoinRequest: { body: GroupIdBody, response: { 200: MembershipResponse } },
  myJoinRequests: { response: { 200: MyJoinRequestsResponse } },
  pendingRequests: { response: { 200: PendingRequestsResponse } },
  approveJoinRequest: { body: DecideRequestBody, response: { 200: MembershipResponse } },
  rejectJoinRequest: { body: DecideRequestBody, response: { 200: MembershipResponse } },
  leaveGroup: { body: GroupIdBody, response: { 200: MembershipResponse } },
  deleteGroup: { body: GroupIdBody, response: { 204: NoContent } },
  reportGroup: { body: ReportBody, response: { 201: ReportFiled } },
  reportUser: { body: ReportUserBody, response: { 201: UserReportFiled } },
  blockedUsers: { response: { 200: BlocksResponse } },
  blockUser: { body: BlockBody, response: { 200: BlocksResponse } },
  unblockUser: { body: BlockBody, response: { 200: BlocksResponse } },
  createdGroups: { response: { 200: GroupListOfMine } },
  savedGroups: { response: { 200: GroupListOfMine } },
  myGroups: { response: { 200: MyGroupsResponse } },
  groupCard: { params: GroupIdParams, response: { 200: GroupCardResponse } },
  groupViewers: { body: GroupViewersBody, response: { 200: GroupViewersResponse } },
  discussionInfo: { body: GroupIdBody, response: { 200: DiscussionInfoResponse } },
  requesterSummary: { querystring: RequesterSummaryQuery, response: { 200: RequesterSummary } },
  groupInvites: { querystring: GroupInvitesQuery, response: { 200: GroupInvitesResponse } },
  createInvite: { body: CreateInviteBody, response: { 201: GroupInvite } },
  revokeInvite: { body: RevokeInviteBody, response: { 200: RevokeInviteResponse } },
  joinByInvite: { body: JoinByInviteBody, response: { 200: MembershipResponse } },
  peopleForGroup: { querystring: PeopleForGroupQuery, response: { 200: PeopleForGroupResponse } },
  invitePerson: { body: InvitePersonBody, response: { 200: InvitePersonResponse } },
  invitePreview: { querystring: InvitePreviewQuery, response: { 200: InvitePreview } },

  addMessage: { body: AddMessageRequest, response: { 200: AddMessageResponse } },
  markRead: { body: LatestMessageRequest, response: { 200: LatestMessageResponse } },
  editMessage: { body: EditMessageRequest, response: { 200: ChangedMessageResponse } },
  deleteMessage: { body: DeleteMessageRequest, response: { 200: ChangedMessageResponse } },
  messageHistory: { querystring: MessageHistoryQuery, response: { 200: MessageHistoryResponse } },
  addRoomMessage: { body: AddRoomMessageRequest, response: { 200: AddMessageResponse } },
  editRoomMessage: { body: EditRoomMessageRequest, response: { 200: ChangedMessageResponse } },
  deleteRoomMessage: { body: DeleteRoomMessageRequest, response: { 200: ChangedMessageResponse } },
  roomHistory: { querystring: RoomHistoryQuery, response: { 200: MessageHistoryResponse } },
  projectMentors: { querystring: MentorsQuery, response: { 200: MentorsResponse } },
  volunteerMentor: { body: VolunteerMentorRequest, response: { 200: VolunteerMentorResponse } },
  stepDownMentor: { body: StepDownMentorRequest, response: { 200: StepDownMentorResponse } },
  askMentor: { body: AskMentorRequest, response: { 200: AskMentorResponse } },
  unreadCounts: { response: { 200: UnreadCountsResponse } },

  notifications: { querystring: NotificationsQuery, response: { 200: NotificationsResponse } },
  unreadNotifications: { response: { 200: UnreadNotificationsResponse } },
  markNotificationRead: { body: MarkNotificationReadBody, response: { 200: UnreadNotificationsResponse } },
  markAllNotificationsRead: {
    body: MarkAllNotificationsReadBody,
    response: { 200: UnreadNotificationsResponse },
  },

  moderatorStatus: { response: { 200: ModeratorStatus } },
  projectRequests: { querystring: AdminPageQuery, response: { 200: AdminRequestsResponse } },
  requestFigures: { params: AdminIdParams, response: { 200: RepositoryFigures } },
  approveProjectRequest: {
    params: AdminIdParams,
    body: OptionalReasonBody,
    response: { 200: RequestDecision },
  },
  rejectProjectRequest: { params: AdminIdParams, body: ReasonBody, response: { 200: RequestDecision } },
  openReports: { querystring: AdminPageQuery, response: { 200: AdminReportsResponse } },
  dismissReports: { params: AdminGroupParams, body: OptionalReasonBody, response: { 200: ReportOutcome } },
  hideReportedGroup: { params: AdminGroupParams, body: ReasonBody, response: { 200: ReportOutcome } },
  deleteReportedGroup: {
    params: AdminGroupParams,
    body: OptionalReasonBody,
    response: { 200: ReportOutcome },
  },
  userReports: { querystring: AdminPageQuery, response: { 200: AdminUserReportsResponse } },
  dismissUserReports: {
    params: AdminUserParams,
    body: DismissUserReportsBody,
    response: { 200: SuspensionOutcome },
  },
  suspendUser: { params: AdminUserParams, body: SuspensionBody, response: { 200: SuspensionOutcome } },
  liftSuspension: { params: AdminUserParams, body: SuspensionBody, response: { 200: SuspensionOutcome } },
  hiddenGroups: { querystring: AdminPageQuery, response: { 200: HiddenGroupsResponse } },
  hiddenGroup: { params: AdminGroupParams, response: { 200: HiddenGroup } },
  restoreHiddenGroup: { params: AdminGroupParams, body: ReasonBody, response: { 200: RestoreOutcome } },
  catalogueHealth: { querystring: AdminPageQuery, response: { 200: CatalogueHealth } },
  removeProject: { params: AdminIdParams, body: OptionalReasonBody, response: { 204: NoContent } },
  startSync: { body: OptionalReasonBody, response: { 202: SyncStarted } },
  auditLog: { querystring: AdminPageQuery, response: { 200: AuditLogResponse } },
  githubWebhook: { response: { 200: WebhookOutcome, 202: WebhookOutcome } },
});

type Schemas = typeof API_SCHEMAS;
type SuccessStatus = 200 | 201 | 202;

/** What a call of endpoint N sends: its path parameters, query string and body, each when it has one. */
export type EndpointInput<N extends EndpointName> = (Schemas[N] extends { params: infer P extends TSchema }
  ? { params: Static<P> }
  : unknown) &
  (Schemas[N] extends { querystring: infer Q extends TSchema } ? { query: Static<Q> } : unknown) &
  (Schemas[N] extends { body: infer B extends TSchema } ? { body: Static<B> } : unknown);

/** What a call of endpoint N answers when it succeeds (nothing for a 204 or a redirect). */
export type EndpointAnswer<N extends EndpointName> =
  Extract<keyof Schemas[N]['response'], SuccessStatus> extends never
    ? undefined
    : Static<Schemas[N]['response'][Extract<keyof Schemas[N]['response'], SuccessStatus>] & TSchema>;
