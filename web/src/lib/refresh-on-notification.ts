import type { Query } from '@tanstack/react-query';

/**
 * The mark of a query whose answer a notification may announce a change to (a join request, a member who
 * joined or left, a group's new status or owner): as a notification arrives, such queries that a page shows
 * are fetched again, so the page agrees with the bell without a reload. Features do not know each other: the
 * app marks whole features' queries with it (app/query-client.ts) and the bell refreshes whatever carries it.
 */
export const REFRESH_ON_NOTIFICATION = { refreshOnNotification: true } as const;

export function refreshesOnNotification(query: Query): boolean {
  return query.meta?.refreshOnNotification === true;
}
