import type { User } from '@openlfg/contracts';
import type { SessionUser } from './sessions.js';

export function toUser(user: SessionUser): User {
  return {
    id: user.id,
    login: user.login,
    name: user.name,
    avatarUrl: user.avatarUrl,
    profileUrl: `https://github.com/${user.login}`,
  };
}
