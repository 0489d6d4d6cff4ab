import type { EventBus } from '../platform/bus/index.js';
import { frame, type RealtimeClient } from '../platform/realtime/client.js';

/**
 * The issues' live changes on the realtime socket: a socket that follows issues (`follow-issues`, anonymous ones
 * too: the finder is public) gets `{ type: 'issues-changed', issueIds }` whenever stored issues changed on any
 * node (a webhook delivery, a recheck). The frame carries ids only; the page loads the rows it shows again, through
 * the finder's own endpoint, so what anyone sees is what the API answers them. One serialised frame per event,
 * whatever the number of followers; the sockets are capped by the channel.
 */
export function createIssuesFeed(deps: { bus: Pick<EventBus, 'onEvent'> }) {
  const followers = new Set<RealtimeClient>();

  deps.bus.onEvent((event) => {
    if (event.kind !== 'issues-changed' || followers.size === 0) return;
    const serialised = frame({ type: 'issues-changed', issueIds: event.issueIds });
    for (const client of followers) client.send(serialised);
  });

  return {
    follow(client: RealtimeClient): void {
      followers.add(client);
    },
    unfollow(client: RealtimeClient): void {
      followers.delete(client);
    },
    stats: () => ({ followers: followers.size }),
  };
}

export type IssuesFeed = ReturnType<typeof createIssuesFeed>;
