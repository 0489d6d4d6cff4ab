import type { GroupProject } from '@openlfg/contracts';
import type { GroupRow } from './repository.js';

export function toGroupProject(row: GroupRow): GroupProject {
  return {
    groupProjectId: row.id,
    title: row.title,
    description: row.description,
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
