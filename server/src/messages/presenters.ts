import type { Message } from '@openlfg/contracts';
import type { MessageRow } from './repository.js';

/** A gone author (their account was deleted) shows as GitHub shows one: "ghost". */
const GHOST = { id: 0, login: 'ghost', avatarUrl: null };

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    room: row.room,
    ...(row.group_id !== null ? { groupProjectId: row.group_id } : {}),
    ...(row.project_id !== null ? { projectId: row.project_id } : {}),
    author:
      row.author_id !== null && row.author_login !== null
        ? { id: row.author_id, login: row.author_login, avatarUrl: row.author_avatar_url }
        : GHOST,
    text: row.body,
    clientId: row.client_id,
    createdAt: row.created_at.toISOString(),
    ...(row.edited_at ? { editedAt: row.edited_at.toISOString() } : {}),
    ...(row.deleted_at ? { deletedAt: row.deleted_at.toISOString() } : {}),
  };
}
