import { CLOCK_MINUTES, DAY_HOURS } from '@openlfg/contracts';
import { sql, type RawBuilder } from 'kysely';

/** The two sides of a match, as SQL: a group's needs and a person's profile. */
export interface MatchSides {
  /**
   * The side known before the query (the viewer's skills, or the group's needs) and the column of the other:
   * how many they share is a sum of one containment test per known skill, which costs far less per row than
   * intersecting the two arrays.
   */
  shared: { known: readonly string[]; column: RawBuilder<unknown> };
  needs: RawBuilder<unknown>;
  skills: RawBuilder<unknown>;
  timezoneFrom: RawBuilder<unknown>;
  timezoneTo: RawBuilder<unknown>;
  offset: RawBuilder<unknown>;
  groupHours: RawBuilder<unknown>;
  personHours: RawBuilder<unknown>;
  activeAt: RawBuilder<unknown>;
}

const DAY_MINUTES = DAY_HOURS * 60;
/** A literal in the statement, not a parameter: the same in every query. */
const CLOCK = sql.lit(CLOCK_MINUTES);

/** The needed skills the person has, in the group's order. */
export const matchedSkills = (m: MatchSides) =>
  sql<string[]>`array(select s from unnest(${m.needs}::text[]) s where s = any(${m.skills}::text[]))`;

/** How many skills the two sides share (see `shared`). */
function sharedSkills(m: MatchSides) {
  const { known, column } = m.shared;
  if (known.length === 0) return sql`0`;
  return sql.join(
    known.map((skill) => sql`(${column} @> array[${skill}]::text[])::int`),
    sql` + `,
  );
}

/** The minutes from `from` east to `to` round the clock (contracts' `eastward`): 0 to CLOCK_MINUTES - 1. */
const eastward = (from: RawBuilder<unknown>, to: RawBuilder<unknown>) =>
  sql`(((${to} - ${from}) % ${CLOCK}) + ${CLOCK}) % ${CLOCK}`;

/**
 * Minutes of the person's day in the group's window (contracts' `overlapMinutes`, the same arithmetic round the
 * clock: a window may run east across the date line); null without an offset.
 */
export const overlapMinutesSql = (m: MatchSides) => {
  const past = eastward(m.timezoneFrom, m.offset);
  const span = sql`case when ${m.timezoneTo} < ${m.timezoneFrom} then ${eastward(m.timezoneFrom, m.timezoneTo)}
                   else ${m.timezoneTo} - ${m.timezoneFrom} end`;
  return sql<number | null>`case
  when ${m.offset} is null then null
  when ${m.timezoneFrom} is null then ${DAY_MINUTES}
  when ${past} <= ${span} then ${DAY_MINUTES}
  else greatest(0, ${DAY_MINUTES} - least(${past} - (${span}), ${CLOCK} - ${past}))
end`;
};

/**
 * The ranking, the same both ways ("Groups for you", "People for your group"): 10 per needed skill the person
 * has; one per hour of overlap with their day (half for a group open to any timezone, which fits everyone a
 * little); up to 3 for the hours a week the group asks; up to 3 for recent activity (3 / (1 + weeks since)).
 * In float8 throughout: numeric arithmetic cost the ranking more than reading its rows.
 */
export const matchScore = (m: MatchSides) => sql<number>`(
  10 * (${sharedSkills(m)})
  + case when ${m.timezoneFrom} is null then ${DAY_HOURS / 2}::float8
         else coalesce(${overlapMinutesSql(m)}, 0) / 60::float8 end
  + case when ${m.groupHours} is null or ${m.personHours} is null then 0::float8
         else 3 * least(1::float8, ${m.personHours}::float8 / ${m.groupHours}) end
  + 3 / (1 + greatest(0::float8, date_part('epoch', now() - ${m.activeAt})) / 604800::float8)
)`;
