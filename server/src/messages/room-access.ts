import { discussionRoom, projectRoom } from '@openlfg/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { GroupAccess } from '../groups/policy.js';
import type { ProjectAccess, RoomAccess, RoomRef } from '../groups/policy-rooms.js';
import type { DB } from '../platform/db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;
type Lock = 'update' | 'key share' | null;

/** The groups repository's access loader: one query for everything a decision about one group needs. */
export type LoadGroupAccess = (
  executor: Executor,
  groupId: number,
  userId: number | null,
  lock?: Lock,
) => Promise<GroupAccess | null>;

/** The projects' access loader: the project (optionally its row locked) and the caller's standing on it. */
export type LoadProjectAccess = (
  executor: Executor,
  projectId: number,
  userId: number | null,
  lock?: 'key share' | null,
) => Promise<ProjectAccess | null>;

/** One loader for every board: a group's board or a project's room; null when its group or project is gone. */
export type LoadRoomAccess = (
  executor: Executor,
  ref: RoomRef,
  userId: number | null,
  lock?: 'key share' | null,
) => Promise<RoomAccess | null>;

export function roomAccessLoader(loadGroup: LoadGroupAccess, loadProject: LoadProjectAccess): LoadRoomAccess {
  return async (executor, ref, userId, lock = null) => {
    if (ref.kind === 'group') {
      const group = await loadGroup(executor, ref.id, userId, lock);
      return group ? { kind: 'group', group } : null;
    }
    const project = await loadProject(executor, ref.id, userId, lock);
    return project ? { kind: 'project', project } : null;
  };
}

/** The realtime room (and `messages.room`) of a board. */
export function roomName(ref: RoomRef): string {
  return ref.kind === 'group' ? discussionRoom(ref.id) : projectRoom(ref.id);
}

/** The board a room name names, or null for anything else (a safe integer id, no leading zero). */
export function roomRefOf(room: string): RoomRef | null {
  const match = /^(discussion-board|project-room)-([1-9][0-9]{0,15})$/.exec(room);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  return match[1] === 'discussion-board' ? { kind: 'group', id } : { kind: 'project', id };
}

/** "There is no group project 3." / "There is no project 3.": the board's owner is gone or never was. */
export function noSuchBoard(ref: RoomRef): string {
  return ref.kind === 'group' ? `There is no group project ${ref.id}.` : `There is no project ${ref.id}.`;
}
