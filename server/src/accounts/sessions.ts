import { randomToken, sha256 } from '../platform/crypto.js';
import type { AccountsRepository } from './repository.js';

export interface SessionUser {
  id: number;
  login: string;
  name: string | null;
  avatarUrl: string | null;
}

export type SessionLookup =
  | { status: 'active'; idHash: string; user: SessionUser }
  /** The cookie named a session that was ended or timed out (or never existed here): answered 403. */
  | { status: 'ended' };

/** last_seen_at is written at most this often per session: an idle timeout of hours needs no finer grain. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * Server-side sessions in the database, so any node can serve any request. The cookie carries a random id;
 * the table stores only its hash. A session ends on logout, on a new sign-in from the same browser, after
 * `idleTimeoutMs` without a request, or `absoluteTimeoutMs` after it began, whichever comes first.
 */
export function createSessions(
  repository: AccountsRepository,
  timeouts: { idleTimeoutMs: number; absoluteTimeoutMs: number },
  now: () => Date = () => new Date(),
  /** Told of every session that ends (the realtime channel closes its sockets, on every node). */
  onEnded: (idHash: string) => void = () => {},
) {
  async function endByHash(idHash: string, reason: 'logout' | 'replaced' | 'idle' | 'absolute') {
    await repository.endSession(idHash, reason);
    onEnded(idHash);
  }

  return {
    async start(userId: number): Promise<{ id: string; expiresAt: Date }> {
      const id = randomToken();
      const expiresAt = new Date(now().getTime() + timeouts.absoluteTimeoutMs);
      await repository.insertSession({ idHash: sha256(id), userId, expiresAt });
      return { id, expiresAt };
    },

    async lookup(id: string): Promise<SessionLookup> {
      const idHash = sha256(id);
      const row = await repository.findSession(idHash);
      // A suspension deletes the account's sessions; one begun in the same instant ends here all the same.
      if (!row || row.ended_at || row.suspended_at) return { status: 'ended' };
      const at = now();
      if (at >= row.expires_at) {
        await endByHash(idHash, 'absolute');
        return { status: 'ended' };
      }
      if (at.getTime() - row.last_seen_at.getTime() >= timeouts.idleTimeoutMs) {
        await endByHash(idHash, 'idle');
        return { status: 'ended' };
      }
      if (at.getTime() - row.last_seen_at.getTime() >= TOUCH_INTERVAL_MS)
        await repository.touchSession(idHash, at);
      return {
        status: 'active',
        idHash,
        user: { id: row.user_id, login: row.login, name: row.name, avatarUrl: row.avatar_url },
      };
    },

    end(id: string, reason: 'logout' | 'replaced'): Promise<unknown> {
      return endByHash(sha256(id), reason);
    },

    /** Which of these (hashed) sessions are still active: neither ended nor timed out. */
    activeAmong(idHashes: string[]): Promise<Set<string>> {
      const at = now();
      return repository.activeSessionHashes(idHashes, new Date(at.getTime() - timeouts.idleTimeoutMs), at);
    },

    /** Forgets sessions that ended more than a day ago. */
    prune(): Promise<unknown> {
      return repository.deleteSessionsEndedBefore(new Date(now().getTime() - 24 * 60 * 60 * 1000));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
