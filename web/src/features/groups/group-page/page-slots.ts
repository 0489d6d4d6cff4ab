import type { DiscussionInfo } from '@openlfg/contracts';
import { type ReactNode } from 'react';
import { statusOf } from '../group-text';

/**
 * What the page hands the discussion board. The board is another feature's (messages), so the page takes it as
 * a slot filled by the route in app/routes: features do not import each other.
 */
export interface DiscussionSlot {
  /** Changes when the viewer's role does: a new role is a new board, following its room afresh. */
  boardKey: string;
  groupProjectId: number;
  room: string;
  canPost: boolean;
  /** The owner deletes anyone's messages on the board. */
  canModerate: boolean;
  /** Offered for @mentions in the board's composer. */
  members: { login: string; avatarUrl: string | null }[];
  readOnlyPrompt: string;
  /** The server closed the room to the viewer: ask again what they may see. */
  onAccessLost: () => void;
}
export type RenderDiscussion = (slot: DiscussionSlot) => ReactNode;

/**
 * What the page shows a moderator when the group is gone from their view: a group a moderator hid (its Restore
 * is the moderation feature's, so the route fills this slot). `onRestored` loads the page again.
 */
export type RenderHidden = (slot: { groupProjectId: number; onRestored: () => void }) => ReactNode;

export const PRIVATE_GROUP_MESSAGE = 'This group is private. Ask to join to see its members and discussion.';
/** What readers of a public board who may not post see in place of the composer. */
export const JOIN_TO_POST_MESSAGE = 'Join the group to post in its discussion.';
export const SIGN_IN_TO_POST_MESSAGE = 'Sign in and join the group to post in its discussion.';
/** What the owner of a group a moderator hid sees in place of the composer. */
export const HIDDEN_BOARD_MESSAGE = 'A moderator hid this group: its discussion takes no new messages.';
/** What everyone sees in place of the composer on an archived group's board. */
export const ARCHIVED_BOARD_MESSAGE = 'This group is archived: its discussion is read-only.';
/** What readers of a closed group's board who are not members see in place of the composer. */
export const CLOSED_BOARD_MESSAGE = 'This group is closed to new members: only its members post here.';

/** Why the board takes no post from this viewer, shown in place of its composer. */
export function readOnlyPrompt(info: DiscussionInfo, isLoggedIn: boolean): string {
  if (info.hidden) return HIDDEN_BOARD_MESSAGE;
  const status = statusOf(info.group);
  if (status === 'archived') return ARCHIVED_BOARD_MESSAGE;
  if (status === 'closed') return CLOSED_BOARD_MESSAGE;
  return isLoggedIn ? JOIN_TO_POST_MESSAGE : SIGN_IN_TO_POST_MESSAGE;
}
