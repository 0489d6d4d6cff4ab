/**
 * Mentors' limits: plain values, apart from the schemas of mentors.ts, since the web's forms show them and a
 * value taken from a schema module brings TypeBox and its schemas into the page.
 */

/** What a mentor says they help with, in characters. */
export const MENTOR_HELP_WITH_MAX = 300;
/** The most newcomers one mentor takes at a time. */
export const MENTOR_CAPACITY_MAX = 20;
/** A user asks mentors (of any projects) at most this many times in MENTOR_ASK_WINDOW_MINUTES. */
export const MENTOR_ASKS_PER_WINDOW = 3;
export const MENTOR_ASK_WINDOW_MINUTES = 60;
/**
 * A newcomer counts toward a mentor's "at a time" for this many days after their last question reached them: a
 * mentor with as many newcomers as they take is not told of new ones (those they already help still reach them).
 */
export const MENTOR_NEWCOMER_DAYS = 14;
