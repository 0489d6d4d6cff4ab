import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Redis answers in well under a millisecond; these bound the waits when it does not, with room for a busy node
 * (a command whose answer waits behind a blocked event loop counts as timed out).
 */
const CONNECT_TIMEOUT_MS = 2_000;
const COMMAND_TIMEOUT_MS = 500;

/**
 * A Redis client for state the nodes share (the rate limits' counters), whose every wait is bounded: commands
 * fail at once while the connection is down (no offline queue, no retries) and after COMMAND_TIMEOUT_MS when
 * Redis does not answer, so callers can go on without it. It reconnects by itself with backoff. An outage is
 * logged once when it starts and once when it ends, not at every reconnection attempt.
 *
 * Starting while Redis is away is allowed (after one bounded attempt): a Redis outage should cost the shared
 * state, not the site.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectionName: 'openlfg',
  });
  let reachable = true;
  const lost = (error: unknown) => {
    if (!reachable) return;
    reachable = false;
    log.warn({ err: error }, 'Redis is unreachable; retrying in the background');
  };
  redis.on('error', lost);
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info('Redis is reachable again');
  });
  await redis.connect().catch(lost);
  return redis;
}
