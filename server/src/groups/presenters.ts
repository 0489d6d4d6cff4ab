import { groupReasons, type GroupProject, type GroupStatus, type GroupSummary } from '@openlfg/contracts';
import type { MatchedGroupRow } from './match-repository.js';
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
    needs: {
      skills: row.needs_skills,
      timezoneFrom: row.timezone_from,
      timezoneTo: row.timezone_to,
      hoursPerWeek: row.hours_per_week,
    },
  };
}

/** A group of "Groups for you": its card and why it suits the caller. */
export function toMatchedGroup(
  row: MatchedGroupRow,
  profile: { hoursPerWeek: number | null },
  now: Date,
): GroupSummary {
  return {
    ...toGroupSummary(row),
    match: {
      score: Math.round(row.score * 100) / 100,
      overlapMinutes: row.overlap_minutes,
      reasons: groupReasons(
        {
          matchedSkills: row.matched_skills,
          overlapMinutes: row.overlap_minutes,
          anyTimezone: row.timezone_from === null,
          groupHours: row.hours_per_week,
          personHours: profile.hoursPerWeek,
          activeAt: row.active_at,
        },
        now,
      ),
    },
  };
}

/** One group as its page shows it: the card and the whole description, as Markdown. */
export function toGroupProject(row: GroupRow): GroupProject {
  return { ...toGroupSummary(row), description: row.description };
}
