import type { GroupProject, GroupStatus, GroupSummary } from '@openlfg/contracts';
import { plainExcerpt } from './excerpt.js';
import type { GroupRow } from './repository.js';

/** The status lists show: an open group at capacity is full (as `group_list_status` in SQL, migration 0016). */
function listStatus(row: GroupRow): GroupStatus {
  if (row.status === 'open' && row.max_members !== null && row.member_count >= row.max_members) return 'full';
  return row.status;
}

/** A group as lists show it: its description only as a plain excerpt (see `excerpt.ts`). */
export function toGroupSummary(row: GroupRow): GroupSummary {
  return {
    groupProjectId: row.id,
    title: row.title,
    excerpt: plainExcerpt(row.description),
    repoExt: row.repo_ext,
    topics: row.topics,
    skillLevel: row.skill_level,
    visibility: row.visibility,
    maxMembers: row.max_members,
    memberCount: row.member_count,
    saves: row.saves,
    datePosted: row.date_posted.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    status: listStatus(row),
    owner: { login: row.owner_login, avatarUrl: row.owner_avatar_url },
    joinQuestion: row.join_question,
    ...(row.is_demo ? { isDemo: true } : {}),
  };
}

/** One group as its page shows it: the card and the whole description, as Markdown. */
export function toGroupProject(row: GroupRow): GroupProject {
  return { ...toGroupSummary(row), description: row.description };
}
