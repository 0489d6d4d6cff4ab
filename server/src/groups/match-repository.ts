import { GROUP_PAGE_SIZE } from '@openlfg/contracts';
import { sql, type Kysely } from 'kysely';
import { matchedSkills, matchScore, overlapMinutesSql, type MatchSides } from '../platform/db/match-score.js';
import type { DB } from '../platform/db/schema.js';
import { blockedSql } from '../platform/db/blocks.js';
import { selectGroup, type GroupRow } from './group-rows.js';
import { applyFilters, type GroupListQuery } from './list-repository.js';

/** What "Groups for you" ranks against: the signed-in user's profile (people/profiles-repository.ts). */
export interface MatchProfile {
  userId: number;
  /** The skills they add and those their repositories show, as topic names. */
  skills: string[];
  utcOffsetMinutes: number | null;
  hoursPerWeek: number | null;
}

export type MatchedGroupRow = GroupRow & {
  score: number;
  matched_skills: string[];
  overlap_minutes: number | null;
};

/** The match of one group (`g`) with the viewer's profile, as the ranking's SQL sees it. */
function sidesFor(profile: MatchProfile): MatchSides {
  return {
    shared: { known: profile.skills, column: sql`group_projects.needs_skills` },
    needs: sql`group_projects.needs_skills`,
    skills: sql`${sql.val(profile.skills)}::text[]`,
    timezoneFrom: sql`group_projects.timezone_from`,
    timezoneTo: sql`group_projects.timezone_to`,
    offset: sql`${profile.utcOffsetMinutes}::int`,
    groupHours: sql`group_projects.hours_per_week`,
    personHours: sql`${profile.hoursPerWeek}::int`,
    activeAt: sql`group_projects.active_at`,
  };
}

/**
 * "Groups for you": the list's filters, less the groups the viewer is in and those a block stands between the
 * viewer and the owner of, ranked by the match (platform/db/match-score.ts). With skills on the profile only
 * groups that need one of them are candidates, found through the needs' GIN index (migration 0033), so the
 * ranking scores those alone; without skills, every listed group is.
 */
export function createMatchRepository(db: Kysely<DB>) {
  function candidates(filters: GroupListQuery, profile: MatchProfile) {
    const owner = sql.ref<number>('group_projects.owner_id');
    const viewer = sql.val(profile.userId);
    let q = applyFilters(db.selectFrom('group_projects'), filters)
      .where('group_projects.owner_id', '!=', profile.userId)
      // The groups the viewer is in, read once (a few ids), rather than probed for every candidate.
      .where(
        sql<boolean>`not (group_projects.id = any(array(
          select group_members.group_id from group_members where group_members.user_id = ${profile.userId})))`,
      )
      // A block either way: an owner who blocked the viewer keeps the group closed to them (the policy's
      // `closedToBlocked`, which `statusSeenBy` shows), and the viewer hears nothing more of someone they
      // blocked (the policy's PERSON_RULES), a suggestion of that person's group included.
      .where((eb) => eb.not(blockedSql(owner, viewer)))
      .where((eb) => eb.not(blockedSql(viewer, owner)));
    if (profile.skills.length > 0) {
      q = q.where(sql<boolean>`group_projects.needs_skills && ${sql.val(profile.skills)}::text[]`);
    }
    return q;
  }

  async function countForYou(filters: GroupListQuery, profile: MatchProfile): Promise<number> {
    const row = await candidates(filters, profile)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    /**
     * One page of the ranking, best first (ties go to the most recently active, then the newest id), and how
     * many groups the ranking holds: one pass over the candidates, which are scored once and counted beside.
     */
    /** How many groups the ranking holds (a page past its end has no row to say it). */
    countForYou,

    async rankForYou(
      filters: GroupListQuery,
      profile: MatchProfile,
      page: number,
    ): Promise<{ total: number; rows: MatchedGroupRow[] }> {
      const sides = sidesFor(profile);
      const ranked = candidates(filters, profile)
        .select([
          'group_projects.id',
          matchScore(sides).as('score'),
          sql<number>`count(*) over ()`.as('total'),
        ])
        .orderBy('score', 'desc')
        .orderBy('group_projects.active_at', 'desc')
        .orderBy('group_projects.id', 'desc')
        .limit(GROUP_PAGE_SIZE)
        .offset((page - 1) * GROUP_PAGE_SIZE);
      const rows = await selectGroup(db)
        .innerJoin(ranked.as('ranked'), 'ranked.id', 'group_projects.id')
        .select([
          'ranked.score',
          'ranked.total',
          matchedSkills(sides).as('matched_skills'),
          overlapMinutesSql(sides).as('overlap_minutes'),
        ])
        .orderBy('ranked.score', 'desc')
        .orderBy('group_projects.active_at', 'desc')
        .orderBy('group_projects.id', 'desc')
        .execute();
      const total = rows.length > 0 ? Number(rows[0]?.total) : await countForYou(filters, profile);
      return { total, rows: rows.map(({ total: _total, ...row }) => ({ ...row, score: Number(row.score) })) };
    },
  };
}
