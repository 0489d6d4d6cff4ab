import { Type, type Static } from 'typebox';
import { JOIN_MESSAGE_MAX } from './group-constants.js';
import { GroupId, Text } from './schema-helpers.js';

/** A request to join a private group, with an optional message answering the owner's question. */
export const RequestToJoinBody = Type.Object(
  { groupProjectId: GroupId, message: Type.Optional(Text({ maxLength: JOIN_MESSAGE_MAX })) },
  { additionalProperties: false },
);
export type RequestToJoinBody = Static<typeof RequestToJoinBody>;

/** Which pending requester of which group the owner wants GitHub's public summary of. */
export const RequesterSummaryQuery = Type.Object(
  { groupProjectId: GroupId, requestUsername: Text({ minLength: 1, maxLength: 39 }) },
  { additionalProperties: false },
);
export type RequesterSummaryQuery = Static<typeof RequesterSummaryQuery>;

/**
 * A requester's public GitHub profile in brief: how many public repositories they have and the languages of
 * their most recently pushed own repositories, most used first. `available: false` when GitHub did not answer
 * in time (or knows no such user): the owner decides without it.
 */
export const RequesterSummary = Type.Union([
  Type.Object({
    available: Type.Literal(true),
    login: Type.String(),
    publicRepos: Type.Integer({ minimum: 0 }),
    topLanguages: Type.Array(Type.Object({ language: Type.String(), repos: Type.Integer({ minimum: 1 }) })),
  }),
  Type.Object({ available: Type.Literal(false), login: Type.String() }),
]);
export type RequesterSummary = Static<typeof RequesterSummary>;
