import { NEW_PROJECT_DAYS } from '@openlfg/contracts';

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
