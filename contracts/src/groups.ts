import { Type, type Static } from 'typebox';
import { GroupId, Nullable, Text } from './schema-helpers.js';
import { MAX_FILTER_TOPICS, TOPIC_PATTERN } from './constants.js';
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_MAX_MEMBERS_LIMIT,
  GROUP_TITLE_MAX,
  GROUP_VIEWERS_MAX,
  JOIN_QUESTION_MAX,
  MAX_GROUP_TOPICS,
  MIN_GROUP_TOPICS,
  REPORT_REASON_MAX,
} from './group-constants.js';
import { DecisionNote } from './notifications.js';
import { SearchedFor, SearchText, SortOrder } from './projects.js';
import { GroupNeeds, GroupNeedsInput, MatchReasons } from './profiles.js';

export const SkillLevel = Type.Union([
  Type.Literal('Beginner'),
  Type.Literal('Intermediate'),
  Type.Literal('Advanced'),
  Type.Literal('Any level'),
]);
export type SkillLevel = Static<typeof SkillLevel>;

export const Visibility = Type.Union([Type.Literal('public'), Type.Literal('private')]);
export type Visibility = Static<typeof Visibility>;

/** A group's status as lists show it (see GROUP_STATUSES): `full` is derived from its members. */
export const GroupStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('full'),
  Type.Literal('closed'),
  Type.Literal('archived'),
]);
export type GroupStatus = Static<typeof GroupStatus>;

/** What the owner sets: `open` (again), `closed` or `archived`; `full` follows from the member count. */
export const SettableGroupStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('closed'),
  Type.Literal('archived'),
]);
export type SettableGroupStatus = Static<typeof SettableGroupStatus>;

export const GroupSortField = Type.Union([
  Type.Literal('date_posted'),
  Type.Literal('saves'),
  /** Best match for `q`, most relevant first whatever `order` says; only with a search. */
  Type.Literal('relevance'),
  /**
   * Groups for you: ranked against the signed-in caller's profile (skills the group needs that they have,
   * timezone overlap, hours, recent activity), best first whatever `order` says; 401 for nobody signed in.
   */
  Type.Literal('match'),
]);
export type GroupSortField = Static<typeof GroupSortField>;

const Topic = Type.String({ pattern: TOPIC_PATTERN, maxLength: 50 });

export const GroupListRequest = Type.Object(
  {
    sortField: GroupSortField,
    order: SortOrder,
    /** A group matches when it has every one of these topics. */
    topics: Type.Optional(Type.Array(Topic, { maxItems: MAX_FILTER_TOPICS })),
    page: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    /** Posted within this many days; null or absent is all time. */
    datePosted: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(7), Type.Literal(30), Type.Literal(60), Type.Null()]),
    ),
    /** A group matches when its skill level is any one of these. */
    skillLevels: Type.Optional(Type.Array(SkillLevel, { maxItems: 4 })),
    /** Only public or only private groups; null or absent is both. */
    visibility: Type.Optional(Type.Union([Visibility, Type.Null()])),
    /** A group matches when its status is any one of these; absent or empty is open and full ones. */
    statuses: Type.Optional(Type.Array(GroupStatus, { maxItems: 4 })),
    /** Searches the title, description and topics. */
    q: Type.Optional(SearchText),
  },
  { additionalProperties: false },
);
export type GroupListRequest = Static<typeof GroupListRequest>;

export const GroupOwner = Type.Object({ login: Type.String(), avatarUrl: Nullable(Type.String()) });

/**
 * A group project as lists show it: nothing private (no Discord link, no members), and its description only as
 * a plain-text excerpt, so a page of cards stays small however long the descriptions are.
 */
export const GroupSummary = Type.Object({
  groupProjectId: Type.Integer(),
  title: Type.String(),
  /** The description's first words as plain text (Markdown stripped), at most `GROUP_EXCERPT_MAX` characters. */
  excerpt: Type.String(),
  /** `owner/name` of the group's repository on GitHub, if it has one. */
  repoExt: Nullable(Type.String()),
  topics: Type.Array(Type.String()),
  skillLevel: SkillLevel,
  visibility: Visibility,
  maxMembers: Nullable(Type.Integer()),
  memberCount: Type.Integer({ minimum: 0 }),
  saves: Type.Integer({ minimum: 0 }),
  datePosted: Type.String({ format: 'date-time' }),
  /** When its owner last edited it; absent or null if never. */
  editedAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  /** Open, full (at capacity), closed or archived by its owner; absent is open. */
  status: Type.Optional(GroupStatus),
  owner: GroupOwner,
  /** The owner's question to people asking to join; absent or null for none. */
  joinQuestion: Type.Optional(Nullable(Type.String())),
  /** True for a made-up group of a fresh install's demo (gone after an import or a sync); absent otherwise. */
  isDemo: Type.Optional(Type.Boolean()),
  /** What the group needs: skills, a timezone window, hours a week. */
  needs: Type.Optional(GroupNeeds),
  /** In "Groups for you" only: why the group suits the caller. */
  match: Type.Optional(MatchReasons),
});
export type GroupSummary = Static<typeof GroupSummary>;

/** One group as its page shows it: the list's card and the whole description (Markdown). */
export const GroupProject = Type.Object({
  ...GroupSummary.properties,
  description: Type.String(),
});
export type GroupProject = Static<typeof GroupProject>;

export const GroupListResponse = Type.Object({
  data: Type.Array(GroupSummary),
  totalPages: Type.Integer({ minimum: 1 }),
  pageLocation: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  searchedFor: SearchedFor,
});
export type GroupListResponse = Static<typeof GroupListResponse>;

export const PostGroupBody = Type.Object(
  {
    title: Text({ minLength: 1, maxLength: GROUP_TITLE_MAX }),
    description: Text({ minLength: 1, maxLength: GROUP_DESCRIPTION_MAX }),
    /** A GitHub repository (URL or owner/name), picked from the owner's public repositories or typed. */
    repository: Type.Optional(Type.Union([Text({ maxLength: 500 }), Type.Null()])),
    topics: Type.Array(Text({ minLength: 1, maxLength: 50 }), {
      minItems: MIN_GROUP_TOPICS,
      maxItems: MAX_GROUP_TOPICS,
    }),
    skillLevel: SkillLevel,
    visibility: Visibility,
    /** A Discord invite: https://discord.gg/... or https://discord.com/invite/... */
    discordUrl: Type.Optional(Type.Union([Text({ maxLength: 200 }), Type.Null()])),
    maxMembers: Type.Optional(
      Type.Union([Type.Integer({ minimum: 2, maximum: GROUP_MAX_MEMBERS_LIMIT }), Type.Null()]),
    ),
    /** A question for people asking to join (a private group); blank or absent is none. */
    joinQuestion: Type.Optional(Nullable(Text({ maxLength: JOIN_QUESTION_MAX }))),
    /** Skills or roles wanted, a timezone window and hours a week; absent is none (an edit keeps them). */
    needs: Type.Optional(GroupNeedsInput),
  },
  { additionalProperties: false },
);
export type PostGroupBody = Static<typeof PostGroupBody>;

/** The owner's edit: the group, and every field of a post under the post's own rules. */
export const EditGroupBody = Type.Object(
  { groupProjectId: GroupId, ...PostGroupBody.properties },
  { additionalProperties: false },
);
export type EditGroupBody = Static<typeof EditGroupBody>;

/** The owner sets the group's status. */
export const SetGroupStatusBody = Type.Object(
  { groupProjectId: GroupId, status: SettableGroupStatus },
  { additionalProperties: false },
);
export type SetGroupStatusBody = Static<typeof SetGroupStatusBody>;

export const GroupIdBody = Type.Object({ groupProjectId: GroupId }, { additionalProperties: false });
export type GroupIdBody = Static<typeof GroupIdBody>;

/** The spec names the group's id `projectId` on the save route. */
export const SaveGroupBody = Type.Object({ projectId: GroupId }, { additionalProperties: false });
export type SaveGroupBody = Static<typeof SaveGroupBody>;

export const SaveGroupResponse = Type.Object({
  projectId: Type.Integer(),
  saved: Type.Boolean(),
  saves: Type.Integer({ minimum: 0 }),
});
export type SaveGroupResponse = Static<typeof SaveGroupResponse>;

export const GroupListOfMine = Type.Object({ data: Type.Array(GroupSummary) });
export type GroupListOfMine = Static<typeof GroupListOfMine>;

export const MyGroup = Type.Object({
  ...GroupSummary.properties,
  role: Type.Union([Type.Literal('owner'), Type.Literal('member')]),
});
export type MyGroup = Static<typeof MyGroup>;
export const MyGroupsResponse = Type.Object({ data: Type.Array(MyGroup) });
export type MyGroupsResponse = Static<typeof MyGroupsResponse>;

export const MyJoinRequest = Type.Object({
  groupProjectId: Type.Integer(),
  title: Type.String(),
  requestedAt: Type.String({ format: 'date-time' }),
  /** Pending, or decided within DECIDED_REQUEST_KEEP_DAYS (then with when, and the owner's note if any). */
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  note: Nullable(Type.String()),
});
export type MyJoinRequest = Static<typeof MyJoinRequest>;
export const MyJoinRequestsResponse = Type.Object({ data: Type.Array(MyJoinRequest) });
export type MyJoinRequestsResponse = Static<typeof MyJoinRequestsResponse>;

export const PendingRequest = Type.Object({
  groupProjectId: Type.Integer(),
  title: Type.String(),
  requestUsername: Type.String(),
  requestAvatarUrl: Nullable(Type.String()),
  requestedAt: Type.String({ format: 'date-time' }),
  /** The requester's answer to the group's question; absent or null when they wrote none. */
  message: Type.Optional(Nullable(Type.String())),
});
export type PendingRequest = Static<typeof PendingRequest>;
export const PendingRequestsResponse = Type.Object({ data: Type.Array(PendingRequest) });
export type PendingRequestsResponse = Static<typeof PendingRequestsResponse>;

export const DecideRequestBody = Type.Object(
  {
    groupProjectId: GroupId,
    requestUsername: Text({ minLength: 1, maxLength: 39 }),
    /** The owner's note to the requester, shown with the decision. */
    note: Type.Optional(DecisionNote),
  },
  { additionalProperties: false },
);
export type DecideRequestBody = Static<typeof DecideRequestBody>;

export const ReportBody = Type.Object(
  { groupProjectId: GroupId, reason: Text({ minLength: 1, maxLength: REPORT_REASON_MAX }) },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;

/** What a user is to a group; `removed`: its owner removed them and has not allowed them back. */
export const GroupRole = Type.Union([
  Type.Literal('none'),
  Type.Literal('removed'),
  Type.Literal('requester'),
  Type.Literal('member'),
  Type.Literal('owner'),
]);
export type GroupRole = Static<typeof GroupRole>;

/** Who the caller is to a group: `anonymous` when nobody is signed in, else their role. */
export const ViewerRole = Type.Union([
  Type.Literal('anonymous'),
  Type.Literal('none'),
  Type.Literal('removed'),
  Type.Literal('requester'),
  Type.Literal('member'),
  Type.Literal('owner'),
]);
export type ViewerRole = Static<typeof ViewerRole>;

/** What the caller may do to one group, each decided by the server's policy on the group as it is now. */
export const GroupPermissions = Type.Object({
  join: Type.Boolean(),
  /** Ask to join (a private group). */
  request: Type.Boolean(),
  cancelRequest: Type.Boolean(),
  leave: Type.Boolean(),
  /** Approve a request to join: the owner of a private group that is not full. */
  approve: Type.Boolean(),
  /** Turn a request down: the owner of a private group, full or not. */
  reject: Type.Boolean(),
  /** Edit the group: its owner only. */
  edit: Type.Boolean(),
  delete: Type.Boolean(),
  /** Post on the group's discussion board. */
  post: Type.Boolean(),
  report: Type.Boolean(),
  save: Type.Boolean(),
  readDiscussion: Type.Boolean(),
  /** Create and revoke the group's invite links: its owner, unless a moderator hid it. */
  invite: Type.Boolean(),
  /** Open, close or archive the group: its owner only. */
  setStatus: Type.Boolean(),
  /** Remove a member: its owner only. */
  removeMember: Type.Boolean(),
  /** See the people removed from the group and allow them back: its owner only. */
  allowBack: Type.Boolean(),
  /** Hand the group to a member: its owner only. */
  transferOwnership: Type.Boolean(),
});
export type GroupPermissions = Static<typeof GroupPermissions>;

/**
 * The caller's standing in one group, so clients show exactly the actions the server will accept. For a caller
 * nobody signed in, `mayOnceSignedIn` says what signing in would allow (the page offers those and asks them to
 * sign in first).
 */
export const GroupViewer = Type.Object({
  role: ViewerRole,
  may: GroupPermissions,
  mayOnceSignedIn: Type.Optional(GroupPermissions),
  /**
   * The group's status as the caller meets it, where that is not the group's own: `closed` for someone the group
   * takes nobody new from (joining or asking answers them as a closed group does, and says no more). Clients
   * show it in place of the group's status. Absent: the group's own.
   */
  status: Type.Optional(GroupStatus),
});
export type GroupViewer = Static<typeof GroupViewer>;

/** `GET /api/group-projects/:id`: one group's public card, with the caller's standing in it. */
export const GroupCardResponse = Type.Object({ ...GroupProject.properties, viewer: GroupViewer });
export type GroupCardResponse = Static<typeof GroupCardResponse>;

/** The caller's standing in each of several groups (the cards of a list), at most a page or two at once. */
export const GroupViewersBody = Type.Object(
  { groupProjectIds: Type.Array(GroupId, { minItems: 1, maxItems: GROUP_VIEWERS_MAX }) },
  { additionalProperties: false },
);
export type GroupViewersBody = Static<typeof GroupViewersBody>;
/** Groups the caller cannot see (gone, or hidden by a moderator) are left out. */
export const GroupViewersResponse = Type.Object({
  data: Type.Array(Type.Object({ groupProjectId: Type.Integer(), viewer: GroupViewer })),
});
export type GroupViewersResponse = Static<typeof GroupViewersResponse>;

export const GroupMember = Type.Object({
  login: Type.String(),
  avatarUrl: Nullable(Type.String()),
  role: Type.Union([Type.Literal('owner'), Type.Literal('member')]),
  joinedAt: Type.String({ format: 'date-time' }),
  /** Only for the group's owner: the member's last post on the board, else when they joined. */
  lastActiveAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type GroupMember = Static<typeof GroupMember>;

export const DiscussionInfo = Type.Object({
  group: GroupProject,
  members: Type.Array(GroupMember),
  discordUrl: Nullable(Type.String()),
  /** The chat room of the group's discussion board. */
  room: Type.String(),
  /** The asker's standing: their role and what they may do (read and post on the board included). */
  viewer: GroupViewer,
  /** Only for the owner of a group a moderator hid: it is hidden, and why. */
  hidden: Type.Optional(Type.Boolean()),
  hiddenReason: Type.Optional(Nullable(Type.String())),
});
export type DiscussionInfo = Static<typeof DiscussionInfo>;
export const DiscussionInfoResponse = Type.Object({ data: DiscussionInfo });
export type DiscussionInfoResponse = Static<typeof DiscussionInfoResponse>;

/** The answer of every membership change: where the asker stands now. */
export const MembershipResponse = Type.Object({
  groupProjectId: Type.Integer(),
  memberCount: Type.Integer({ minimum: 0 }),
  viewer: GroupViewer,
});
export type MembershipResponse = Static<typeof MembershipResponse>;
