import type { ColumnType } from 'kysely';

/** A row's creation time: the database's default, never updated. */
export type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** A row's last change: the database's default on insert, written again on update. */
export type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
