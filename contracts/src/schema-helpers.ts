import { Type, type TSchema, type TStringOptions } from 'typebox';
import { TEXT_PATTERN } from './string-patterns.js';

/** A value of `schema`, or null (unknown, or not set). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A string a client sends: every request string is either this or a stricter pattern of its own, so no
 * control character (U+0000 included, which PostgreSQL refuses) reaches the database.
 */
export const Text = (options: Omit<TStringOptions, 'pattern'> = {}) =>
  Type.String({ ...options, pattern: TEXT_PATTERN });

/** A group's id as every request names it. */
export const GroupId = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });

/** The answer of a route that answers nothing: 204, no body. */
export const NoContent = Type.Null({ description: 'Done; the answer has no body.' });
/** The answer of a route that sends the browser elsewhere: 302 with a Location. */
export const Redirect = Type.Null({ description: 'A redirect: the Location header says where to.' });
