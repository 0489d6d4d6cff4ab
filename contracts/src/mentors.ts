/**
 * Mentors of a project: people who volunteer to help newcomers there, and the questions asked of them (posted in
 * the project's room). The bodies of /api/mentors/*.
 */
import { Type, type Static } from 'typebox';
import { CLIENT_MESSAGE_ID_PATTERN, MESSAGE_MAX_LENGTH } from './board-constants.js';
import { Message } from './messages.js';
import { MENTOR_CAPACITY_MAX, MENTOR_HELP_WITH_MAX } from './mentor-constants.js';
import { Text } from './schema-helpers.js';

const ProjectId = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });

export const Mentor = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    login: Type.String(),
    avatarUrl: Type.Union([Type.String(), Type.Null()]),
  }),
  helpWith: Type.String(),
  /** How many newcomers at a time. */
  capacity: Type.Integer({ minimum: 1, maximum: MENTOR_CAPACITY_MAX }),
  /** Newcomers they help now (asked them in the last MENTOR_NEWCOMER_DAYS); at `capacity`, they take no more. */
  newcomers: Type.Integer({ minimum: 0 }),
  since: Type.String({ format: 'date-time' }),
});
export type Mentor = Static<typeof Mentor>;

/** GET /api/mentors?projectId=: the project's mentors, longest-serving first (public). */
export const MentorsQuery = Type.Object({ projectId: ProjectId }, { additionalProperties: false });
export type MentorsQuery = Static<typeof MentorsQuery>;
export const MentorsResponse = Type.Object({ data: Type.Array(Mentor) });
export type MentorsResponse = Static<typeof MentorsResponse>;

/** POST /api/mentors/volunteer: the caller mentors the project (again: updates what they offer). */
export const VolunteerMentorRequest = Type.Object(
  {
    projectId: ProjectId,
    /** Trimmed by the server; empty after trimming is refused. */
    helpWith: Text({ minLength: 1, maxLength: MENTOR_HELP_WITH_MAX }),
    capacity: Type.Integer({ minimum: 1, maximum: MENTOR_CAPACITY_MAX }),
  },
  { additionalProperties: false },
);
export type VolunteerMentorRequest = Static<typeof VolunteerMentorRequest>;
export const VolunteerMentorResponse = Type.Object({ data: Mentor });
export type VolunteerMentorResponse = Static<typeof VolunteerMentorResponse>;

/** POST /api/mentors/step-down: the caller no longer mentors the project. */
export const StepDownMentorRequest = Type.Object({ projectId: ProjectId }, { additionalProperties: false });
export type StepDownMentorRequest = Static<typeof StepDownMentorRequest>;
export const StepDownMentorResponse = Type.Object({
  data: Type.Object({ projectId: ProjectId, mentoring: Type.Literal(false) }),
});
export type StepDownMentorResponse = Static<typeof StepDownMentorResponse>;

/**
 * POST /api/mentors/ask: the question is posted in the project's room and each mentor is told, with a link to
 * it. Sending the same clientId again posts and tells once.
 */
export const AskMentorRequest = Type.Object(
  {
    projectId: ProjectId,
    clientId: Type.String({ pattern: CLIENT_MESSAGE_ID_PATTERN }),
    /** Trimmed by the server; empty after trimming is refused. */
    question: Text({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type AskMentorRequest = Static<typeof AskMentorRequest>;
export const AskMentorResponse = Type.Object({
  data: Type.Object({
    /** The question as posted in the project's room. */
    message: Message,
    /** How many mentors were told: those with room for a newcomer, or already helping the asker. */
    mentorsTold: Type.Integer({ minimum: 0 }),
  }),
});
export type AskMentorResponse = Static<typeof AskMentorResponse>;
