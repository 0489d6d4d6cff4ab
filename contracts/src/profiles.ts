/**
 * Profiles (GET /api/users/:login, GET and POST /api/account/profile) and matching: "Groups for you" (the group
 * list's `sortField: "match"`), "People for your group" and inviting someone found there.
 */
import { Type, type Static } from 'typebox';
import {
  GROUP_NEEDS_MAX,
  HOURS_PER_WEEK_MAX,
  PEOPLE_FOR_GROUP_MAX,
  PROFILE_LEARNING_MAX,
  PROFILE_PITCH_MAX,
  PROFILE_SKILLS_MAX,
  UTC_OFFSET_MAX,
  UTC_OFFSET_MIN,
} from './people.js';
import { GroupId, Nullable, Text } from './schema-helpers.js';
import { GITHUB_LOGIN_PATTERN } from './string-patterns.js';

const Login = Type.String({ pattern: GITHUB_LOGIN_PATTERN, minLength: 1, maxLength: 39 });
const Hours = Type.Integer({ minimum: 1, maximum: HOURS_PER_WEEK_MAX });
const Offset = Type.Integer({ minimum: UTC_OFFSET_MIN, maximum: UTC_OFFSET_MAX });

export const ProfileVisibility = Type.Union([Type.Literal('signed-in'), Type.Literal('requested-groups')]);
export type ProfileVisibility = Static<typeof ProfileVisibility>;

/** What a group needs: skills (topic names), a window of UTC offsets in minutes (null: any), hours a week. */
export const GroupNeeds = Type.Object({
  skills: Type.Array(Type.String()),
  timezoneFrom: Nullable(Type.Integer()),
  timezoneTo: Nullable(Type.Integer()),
  hoursPerWeek: Nullable(Type.Integer()),
});
export type GroupNeeds = Static<typeof GroupNeeds>;

/** The needs as a post or an edit sends them; absent is none. */
export const GroupNeedsInput = Type.Object(
  {
    skills: Type.Array(Text({ minLength: 1, maxLength: 50 }), { maxItems: GROUP_NEEDS_MAX }),
    timezoneFrom: Nullable(Offset),
    timezoneTo: Nullable(Offset),
    hoursPerWeek: Nullable(Hours),
  },
  { additionalProperties: false },
);
export type GroupNeedsInput = Static<typeof GroupNeedsInput>;

/** Why a group suits someone, or someone a group: phrases, best first, and the ranking's score. */
export const MatchReasons = Type.Object({
  score: Type.Number(),
  reasons: Type.Array(Type.String()),
  /** Minutes of the viewer's day in the group's window; null when the viewer set no timezone. */
  overlapMinutes: Nullable(Type.Integer({ minimum: 0 })),
});
export type MatchReasons = Static<typeof MatchReasons>;

const PublicGroupLink = Type.Object({ groupProjectId: Type.Integer(), title: Type.String() });
const ClaimLink = Type.Object({
  issueTitle: Type.String(),
  issueUrl: Type.String(),
  repoExt: Type.String(),
});
const MentorRole = Type.Object({ repoExt: Type.String(), helpWith: Type.String() });

/**
 * GET /api/users/:login: the profile as the caller may see it. Its GitHub fields always; every other field only
 * when its owner shows the profile to the caller (`restricted: false`), and claims and mentor roles only when
 * they chose to show those too. A field the caller may not see is absent, never null.
 */
export const UserProfile = Type.Object({
  login: Type.String(),
  name: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  /** True when the owner shows the rest of the profile to others than the caller. */
  restricted: Type.Boolean(),
  /** The caller's own profile. */
  own: Type.Boolean(),
  languages: Type.Optional(Type.Array(Type.String())),
  topics: Type.Optional(Type.Array(Type.String())),
  skills: Type.Optional(Type.Array(Type.String())),
  timezone: Type.Optional(Nullable(Type.String())),
  utcOffsetMinutes: Type.Optional(Nullable(Type.Integer())),
  hoursPerWeek: Type.Optional(Nullable(Type.Integer())),
  learning: Type.Optional(Nullable(Type.String())),
  lookingForGroup: Type.Optional(Type.Boolean()),
  pitch: Type.Optional(Nullable(Type.String())),
  groups: Type.Optional(Type.Array(PublicGroupLink)),
  claims: Type.Optional(Type.Array(ClaimLink)),
  mentoring: Type.Optional(Type.Array(MentorRole)),
});
export type UserProfile = Static<typeof UserProfile>;
export const UserProfileParams = Type.Object({ login: Login });
export type UserProfileParams = Static<typeof UserProfileParams>;

/** POST /api/account/profile: every field one sets; blank texts are none. */
export const ProfileBody = Type.Object(
  {
    skills: Type.Array(Text({ minLength: 1, maxLength: 50 }), { maxItems: PROFILE_SKILLS_MAX }),
    /** An IANA name such as Europe/Berlin; the browser suggests its own. */
    timezone: Nullable(Text({ minLength: 1, maxLength: 64 })),
    hoursPerWeek: Nullable(Hours),
    learning: Nullable(Text({ maxLength: PROFILE_LEARNING_MAX })),
    lookingForGroup: Type.Boolean(),
    pitch: Nullable(Text({ maxLength: PROFILE_PITCH_MAX })),
    visibleTo: ProfileVisibility,
    showClaims: Type.Boolean(),
    showMentoring: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ProfileBody = Static<typeof ProfileBody>;

/** GET and POST /api/account/profile: one's own profile, every field. */
export const OwnProfile = Type.Object({
  login: Type.String(),
  name: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  languages: Type.Array(Type.String()),
  topics: Type.Array(Type.String()),
  skills: Type.Array(Type.String()),
  timezone: Nullable(Type.String()),
  utcOffsetMinutes: Nullable(Type.Integer()),
  hoursPerWeek: Nullable(Type.Integer()),
  learning: Nullable(Type.String()),
  lookingForGroup: Type.Boolean(),
  pitch: Nullable(Type.String()),
  visibleTo: ProfileVisibility,
  showClaims: Type.Boolean(),
  showMentoring: Type.Boolean(),
});
export type OwnProfile = Static<typeof OwnProfile>;

/** GET /api/group-projects/people?groupProjectId=: for its owner, people looking for a group, best first. */
export const PeopleForGroupQuery = Type.Object({ groupProjectId: GroupId }, { additionalProperties: false });
export type PeopleForGroupQuery = Static<typeof PeopleForGroupQuery>;
export const PersonMatch = Type.Object({
  login: Type.String(),
  name: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  pitch: Nullable(Type.String()),
  utcOffsetMinutes: Nullable(Type.Integer()),
  hoursPerWeek: Nullable(Type.Integer()),
  match: MatchReasons,
  /** Whether the owner already invited them to this group. */
  invited: Type.Boolean(),
});
export type PersonMatch = Static<typeof PersonMatch>;
export const PeopleForGroupResponse = Type.Object({
  data: Type.Array(PersonMatch, { maxItems: PEOPLE_FOR_GROUP_MAX }),
  /** How many more people the owner may invite today. */
  invitationsLeftToday: Type.Integer({ minimum: 0 }),
});
export type PeopleForGroupResponse = Static<typeof PeopleForGroupResponse>;

/** POST /api/group-projects/people/invite: the owner invites someone they found. */
export const InvitePersonBody = Type.Object(
  { groupProjectId: GroupId, login: Login },
  { additionalProperties: false },
);
export type InvitePersonBody = Static<typeof InvitePersonBody>;
export const InvitePersonResponse = Type.Object({
  login: Type.String(),
  invited: Type.Literal(true),
  invitationsLeftToday: Type.Integer({ minimum: 0 }),
});
export type InvitePersonResponse = Static<typeof InvitePersonResponse>;
