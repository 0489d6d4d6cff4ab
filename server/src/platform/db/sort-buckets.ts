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
 * list, as its index has it) where row `offset` is, and how many rows of that bucket come before it. The counts
 * are added up as int4 (a bucket holds fewer than 2^31 rows; a numeric running sum costs twice as much), over a
 * ROWS frame (each `pos` is one row: no peers to look for), and one facet's rows are read as they are, since the
 * key makes them one per bucket; several facets' are summed per bucket first. About 0.4 ms for the 700 buckets
 * of a list of 100,000, where the numeric sums over a RANGE frame took 0.6 to 1.1 ms.
 */
export function bucketStart(walk: BucketedWalk): RawBuilder<{ pos: number; skip: number }> {
  const pos = walk.descending
    ? sql`case when bucket <> ${sql.lit(NULLS_BUCKET)} then -bucket else bucket end`
    : sql`bucket`;
  const [facet, ...more] = walk.facets;
  const counted =
    facet !== undefined && more.length === 0
      ? sql`select ${pos} as pos, n::int4 as n
            from list_sort_buckets where list = ${walk.list} and facet = ${facet}`
      : sql`select ${pos} as pos, sum(n)::int4 as n
            from list_sort_buckets where list = ${walk.list} and facet = any(${sql.val(walk.facets)}::text[])
            group by 1`;
  // Parenthesised: Kysely's `with` puts a raw query as it is.
  return sql<{ pos: number; skip: number }>`(
    select pos, ${walk.offset}::bigint - (running - n) as skip
    from (
      select pos, n, sum(n) over (order by pos rows unbounded preceding) as running
      from (${counted}) counted
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
