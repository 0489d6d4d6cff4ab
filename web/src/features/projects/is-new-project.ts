import { NEW_PROJECT_DAYS } from '@openlfg/contracts';

const DAY_MS = 86_400_000;

/** Added to the catalogue within the last NEW_PROJECT_DAYS days (what the "New" filter means). */
export function isNewProject(addedAt: string, now: Date = new Date()): boolean {
  const added = new Date(addedAt).getTime();
  return Number.isFinite(added) && now.getTime() - added < NEW_PROJECT_DAYS * DAY_MS;
}
