import type { GroupProject, GroupSummary } from '@openlfg/contracts';
import { plainExcerpt } from './excerpt.js';
import type { GroupRow } from './repository.js';

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
    owner: { login: row.owner_login, avatarUrl: row.owner_avatar_url },
    joinQuestion: row.join_question,
  };
}

/** One group as its page shows it: the card and the whole description, as Markdown. */
export function toGroupProject(row: GroupRow): GroupProject {
  return { ...toGroupSummary(row), description: row.description };
}
