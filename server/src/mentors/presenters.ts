import type { Mentor } from '@openlfg/contracts';
import type { MentorRow } from './repository.js';

export function toMentor(row: MentorRow): Mentor {
  return {
    user: { id: row.user_id, login: row.login, avatarUrl: row.avatar_url },
    helpWith: row.help_with,
    capacity: row.capacity,
    newcomers: row.newcomers ?? 0,
    since: row.created_at.toISOString(),
  };
}
