import { describe, expect, it } from 'vitest';
import { decideProject, type ProjectAccess, type ProjectAction } from '../src/groups/policy-rooms.js';

/**
 * A project's room and its mentors, asked of the policy directly: who may do what as nobody signed in, as a
 * signed-in user, as a mentor, with a message's facts (its author, a moderator).
 */
const project: ProjectAccess = { projectId: 1, fullName: 'acme/widget', mentor: false };
const mentorOf: ProjectAccess = { ...project, mentor: true };
const status = (
  action: ProjectAction,
  access: ProjectAccess,
  callerId: number | null,
  facts: { ownsMessage?: boolean; moderator?: boolean } = {},
) => {
  const decision = decideProject(action, access, callerId, facts);
  return decision.allowed ? (decision.asModerator ? 'moderator' : 'allowed') : decision.status;
};

describe("a project's room and mentors in the policy", () => {
  it('lets anyone read the room and the mentors, and asks anyone else to sign in first', () => {
    for (const action of ['read-discussion', 'find-message', 'list-mentors'] as const) {
      expect(status(action, project, null)).toBe('allowed');
    }
    for (const action of ['post-message', 'volunteer-mentor', 'ask-mentor', 'step-down-mentor'] as const) {
      expect([action, status(action, project, null)]).toEqual([action, 401]);
      expect([action, status(action, mentorOf, null)]).toEqual([action, 401]);
    }
  });

  it('lets anyone signed in post, volunteer and ask; only a mentor steps down', () => {
    for (const action of ['post-message', 'volunteer-mentor', 'ask-mentor'] as const) {
      expect(status(action, project, 7)).toBe('allowed');
    }
    expect(status('step-down-mentor', project, 7)).toBe(409);
    expect(status('step-down-mentor', mentorOf, 7)).toBe('allowed');
  });

  it('lets authors edit and delete their words, a moderator delete anyone’s (as a moderator), nobody else', () => {
    expect(status('edit-message', project, 7, { ownsMessage: true })).toBe('allowed');
    expect(status('delete-message', project, 7, { ownsMessage: true })).toBe('allowed');
    expect(status('edit-message', project, 7)).toBe(403);
    expect(status('delete-message', project, 7)).toBe(403);
    expect(status('delete-message', project, 7, { moderator: true })).toBe('moderator');
    expect(status('edit-message', project, 7, { moderator: true })).toBe(403);
    // A mentor has no say over others' words.
    expect(status('delete-message', mentorOf, 7)).toBe(403);
  });
});
