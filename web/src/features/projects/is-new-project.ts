import { FINDER_STALE_PUSH_DAYS, NEW_PROJECT_DAYS } from '@openlfg/contracts';

const DAY_MS = 86_400_000;

/**
 * New to the catalogue within the last NEW_PROJECT_DAYS days (what the "New" filter means): `newSince` is null
 * for projects that came with a bulk import or the demo, which are never new.
 */
export function isNewProject(newSince: string | null, now: Date = new Date()): boolean {
  if (newSince === null) return false;
  const since = new Date(newSince).getTime();
  return Number.isFinite(since) && now.getTime() - since < NEW_PROJECT_DAYS * DAY_MS;
}

/**
 * Not archived, but nothing pushed for FINDER_STALE_PUSH_DAYS days (as far as a sync knows): its issues are left
 * out of Find an issue, and its card says why. Unknown push dates are not held against a project.
 */
export function isQuietProject(
  project: { archived: boolean; lastPushAt: string | null },
  now: Date = new Date(),
): boolean {
  if (project.archived || project.lastPushAt === null) return false;
  const pushed = new Date(project.lastPushAt).getTime();
  return Number.isFinite(pushed) && now.getTime() - pushed > FINDER_STALE_PUSH_DAYS * DAY_MS;
}
