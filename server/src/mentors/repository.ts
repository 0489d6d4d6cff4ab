import { MENTOR_ASK_WINDOW_MINUTES, MENTOR_NEWCOMER_DAYS } from '@openlfg/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** The advisory lock namespace of a user's asks ("MASK"): one ask at a time per user, across nodes. */
const ASK_LOCK_NAMESPACE = 0x4d41534b;

/** Since when a newcomer's last question still counts toward a mentor's "at a time". */
const newcomersSince = sql<Date>`now() - make_interval(days => ${MENTOR_NEWCOMER_DAYS})`;

function selectMentors(executor: Executor) {
  return executor
    .selectFrom('project_mentors')
    .innerJoin('users', 'users.id', 'project_mentors.user_id')
    .select((eb) => [
      'project_mentors.user_id',
      'project_mentors.help_with',
      'project_mentors.capacity',
      'project_mentors.created_at',
      'users.login',
      'users.avatar_url',
      eb
        .selectFrom('mentor_newcomers')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('mentor_newcomers.project_id', '=', 'project_mentors.project_id')
        .whereRef('mentor_newcomers.mentor_id', '=', 'project_mentors.user_id')
        .where('mentor_newcomers.last_asked_at', '>', newcomersSince)
        .as('newcomers'),
    ]);
}

export type MentorRow = Awaited<ReturnType<ReturnType<typeof selectMentors>['executeTakeFirstOrThrow']>>;

export function createMentorsRepository(db: Kysely<DB>) {
  return {
    db,

    /** The project's mentors, longest-serving first (at most a few hundred: volunteers, not a crowd). */
    list(projectId: number) {
      return selectMentors(db)
        .where('project_mentors.project_id', '=', projectId)
        .orderBy('project_mentors.created_at')
        .orderBy('project_mentors.user_id')
        .limit(500)
        .execute();
    },

    /** Adds the mentor, or updates what they offer; their "since" stays the first time they volunteered. */
    async upsert(
      trx: Transaction<DB>,
      values: { projectId: number; userId: number; helpWith: string; capacity: number },
    ): Promise<MentorRow> {
      await trx
        .insertInto('project_mentors')
        .values({
          project_id: values.projectId,
          user_id: values.userId,
          help_with: values.helpWith,
          capacity: values.capacity,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['project_id', 'user_id'])
            .doUpdateSet({ help_with: values.helpWith, capacity: values.capacity }),
        )
        .execute();
      return selectMentors(trx)
        .where('project_mentors.project_id', '=', values.projectId)
        .where('project_mentors.user_id', '=', values.userId)
        .executeTakeFirstOrThrow();
    },

    async remove(trx: Transaction<DB>, projectId: number, userId: number): Promise<void> {
      await trx
        .deleteFrom('project_mentors')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute();
    },

    async mentorIds(executor: Executor, projectId: number): Promise<number[]> {
      const rows = await executor
        .selectFrom('project_mentors')
        .select('user_id')
        .where('project_id', '=', projectId)
        .orderBy('user_id')
        .execute();
      return rows.map((row) => row.user_id);
    },

    /**
     * The project's mentors (but the asker) a question of theirs reaches: those already helping the asker, and
     * those with fewer newcomers than they take. The project's mentor rows are locked to the commit, so two
     * questions at once cannot both take a mentor's last place.
     */
    async mentorsWithRoom(trx: Transaction<DB>, projectId: number, askerId: number): Promise<number[]> {
      const rows = await trx
        .selectFrom('project_mentors as mentor')
        .select('mentor.user_id')
        .where('mentor.project_id', '=', projectId)
        .where('mentor.user_id', '!=', askerId)
        .where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('mentor_newcomers')
                .select(sql`1`.as('one'))
                .whereRef('mentor_newcomers.project_id', '=', 'mentor.project_id')
                .whereRef('mentor_newcomers.mentor_id', '=', 'mentor.user_id')
                .where('mentor_newcomers.newcomer_id', '=', askerId)
                .where('mentor_newcomers.last_asked_at', '>', newcomersSince),
            ),
            eb(
              eb
                .selectFrom('mentor_newcomers')
                .select(sql<number>`count(*)::int`.as('count'))
                .whereRef('mentor_newcomers.project_id', '=', 'mentor.project_id')
                .whereRef('mentor_newcomers.mentor_id', '=', 'mentor.user_id')
                .where('mentor_newcomers.last_asked_at', '>', newcomersSince),
              '<',
              eb.ref('mentor.capacity'),
            ),
          ]),
        )
        .orderBy('mentor.user_id')
        .forUpdate()
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** The asker is now among these mentors' newcomers, from now. */
    async recordNewcomer(
      trx: Transaction<DB>,
      values: { projectId: number; mentorIds: number[]; newcomerId: number },
    ): Promise<void> {
      if (values.mentorIds.length === 0) return;
      await trx
        .insertInto('mentor_newcomers')
        .values(
          values.mentorIds.map((mentorId) => ({
            project_id: values.projectId,
            mentor_id: mentorId,
            newcomer_id: values.newcomerId,
          })),
        )
        .onConflict((conflict) =>
          conflict
            .columns(['project_id', 'mentor_id', 'newcomer_id'])
            .doUpdateSet({ last_asked_at: sql`now()` }),
        )
        .execute();
    },

    /**
     * The user's asks in the last MENTOR_ASK_WINDOW_MINUTES and, when there are any, the seconds until the oldest
     * leaves the window (the database's clock, as the rows'). Taken under the user's lock, held to the commit,
     * so two asks at once on any nodes count each other.
     */
    async recentAsks(
      trx: Transaction<DB>,
      userId: number,
    ): Promise<{ count: number; freeInSeconds: number }> {
      await sql`select pg_advisory_xact_lock(${ASK_LOCK_NAMESPACE}::int4, hashtext(${String(userId)}))`.execute(
        trx,
      );
      const window = sql`make_interval(mins => ${MENTOR_ASK_WINDOW_MINUTES})`;
      const result = await sql<{ count: number; free_in: number | null }>`
        select count(*)::int as count,
               ceil(extract(epoch from (min(asked_at) + ${window} - now())))::int as free_in
        from mentor_asks
        where user_id = ${userId} and asked_at > now() - ${window}
      `.execute(trx);
      const row = result.rows[0];
      return { count: row?.count ?? 0, freeInSeconds: Math.max(1, row?.free_in ?? 1) };
    },

    async recordAsk(
      trx: Transaction<DB>,
      values: { userId: number; projectId: number; messageId: number; mentorsTold: number },
    ): Promise<void> {
      await trx
        .insertInto('mentor_asks')
        .values({
          user_id: values.userId,
          project_id: values.projectId,
          message_id: values.messageId,
          mentors_told: values.mentorsTold,
        })
        .execute();
    },

    /** How many mentors an earlier ask (its message) told: a retried ask answers what the first one did. */
    async toldAbout(messageId: number): Promise<number> {
      const row = await db
        .selectFrom('mentor_asks')
        .select('mentors_told')
        .where('message_id', '=', messageId)
        .executeTakeFirst();
      return row?.mentors_told ?? 0;
    },
  };
}

export type MentorsRepository = ReturnType<typeof createMentorsRepository>;
