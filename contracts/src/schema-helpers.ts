import { Type, type TSchema, type TStringOptions } from 'typebox';
import { TEXT_PATTERN } from './constants.js';

/** A value of `schema`, or null (unknown, or not set). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A string a client sends: every request string is either this or a stricter pattern of its own, so no
 * control character (U+0000 included, which PostgreSQL refuses) reaches the database.
 */
export const Text = (options: Omit<TStringOptions, 'pattern'> = {}) =>
  Type.String({ ...options, pattern: TEXT_PATTERN });
