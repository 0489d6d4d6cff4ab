import { Type, type TSchema } from 'typebox';

/** A value of `schema`, or null (unknown, or not set). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
