import { discussionRoom, projectRoom, type Message } from '@openlfg/contracts';

/**
 * Which board: a group's (`groupProjectId`) or a project's room (`projectId`), named as the endpoints' bodies
 * name it, so a request is the board spread with its own fields. Everything else about the two is the same.
 */
export type BoardRef = { groupProjectId: number } | { projectId: number };

/** Only the board's own field, from props or a body that carries more. */
export function boardOf(value: BoardRef): BoardRef {
  return 'projectId' in value ? { projectId: value.projectId } : { groupProjectId: value.groupProjectId };
}

export function isProjectRoom(board: BoardRef): board is { projectId: number } {
  return 'projectId' in board;
}

/** The board's part of a query key. */
export function boardKey(board: BoardRef) {
  return isProjectRoom(board)
    ? (['project', board.projectId] as const)
    : (['group', board.groupProjectId] as const);
}

/** The realtime room the board is followed by. */
export function roomOf(board: BoardRef): string {
  return isProjectRoom(board) ? projectRoom(board.projectId) : discussionRoom(board.groupProjectId);
}

/** The board a message was posted on. */
export function boardOfMessage(message: Message): BoardRef {
  return message.projectId !== undefined
    ? { projectId: message.projectId }
    : { groupProjectId: message.groupProjectId ?? 0 };
}

/** The anchor of a message on its page: a notification about it links there (`/projects/o/n#message-12`). */
export const messageAnchor = (id: number) => `message-${id}`;
