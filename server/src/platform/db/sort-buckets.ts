import { sql, type RawBuilder } from 'kysely';

/**
 * Deep pages of the lists whose sort is cut into buckets (migration 0012): `list_sort_buckets` counts the
 * listed rows per sort bucket and facet, and each such sort's index leads with the bucket, in list order.
 * A page `offset` rows in starts in the bucket where the running count passes `offset`, `skip` rows into it:
 * adding up a few hundred counts and a walk within one bucket, instead of a walk over `offset` index entries.
 */

/** Below this many rows to walk, a plain walk from the nearer end is as cheap as finding the bucket. */
export const DEEP_WALK_ROWS = 100;

/** Rows per name bucket when `project_name_buckets_rebuild` draws the bounds (as migration 0020 did). */
export const NAME_BUCKET_ROWS = 256;

/** The bucket every null sorts into: last, in both orders. */
const NULLS_BUCKET = 2_147_483_647;

export interface BucketedWalk {
  /** `list_sort_buckets.list`: 'projects.contributors', 'groups.date_posted', ... */
  list: string;
  /** The facets whose rows, added up, are the filtered list ('' = every listed row); they never overlap. */
  facets: string[];
  descending: boolean;
  offset: number;
}

/**
 * `(pos, skip)` for the CTE a bucketed page reads: the list-order bucket (`pos`, negated for a descending
 * list, as its index has it) where row `offset` is, and how many rows of that bucket come before it.
 */
export function bucketStart(walk: BucketedWalk): RawBuilder<{ pos: number; skip: number }> {
  // Parenthesised: Kysely's `with` puts a raw query as it is.
  return sql<{ pos: number; skip: number }>`(
    select pos, ${walk.offset}::bigint - (running - n) as skip
    from (
      select pos, n, sum(n) over (order by pos) as running
      from (
        select case when ${walk.descending} and bucket <> ${NULLS_BUCKET} then -bucket else bucket end as pos,
               sum(n) as n
        from list_sort_buckets
        where list = ${walk.list} and facet = any(${sql.val(walk.facets)}::text[])
        group by 1
      ) counted
    ) running
    where running > ${walk.offset}
    order by pos
    limit 1
  )`;
}

/** The bucket expression of a sort column, as the sort's index has it. */
export function bucketOf(column: RawBuilder<unknown>, descending: boolean): RawBuilder<number> {
  return descending
    ? sql<number>`list_sort_bucket_desc(${column})`
    : sql<number>`list_sort_bucket(${column})`;
}
