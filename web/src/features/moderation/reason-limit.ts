/**
 * The longest reason the moderation API takes: the same number as MODERATION_REASON_MAX in contracts, which
 * lives beside its TypeBox schemas; importing it from there would pull TypeBox into the web bundle.
 * reason-limit.test.ts keeps the two equal. (Moving the constant to contracts/src/constants.ts, with the other
 * plain constants, would make this file unnecessary.)
 */
export const MODERATION_REASON_MAX = 1000;
