import type { MessageHistoryResponse } from '@openlfg/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';

/** How many older pages a link to one message loads to find it, at most, before it leaves the rest to the reader. */
export const LINKED_MESSAGE_MAX_PAGES = 20;

/** What became of a link to one message: shown beside the board when it was not found. */
export type LinkedMessageOutcome = 'gone' | 'further-back' | null;

type History = UseInfiniteQueryResult<InfiniteData<MessageHistoryResponse>>;

/**
 * The page loads before the board does, so the browser's own jump to the board's anchor (`#discussion`,
 * `#room`) or to a message (`#message-12`, from a notification) finds nothing: it is done here once the history
 * is there. A message older than the pages loaded: older pages are loaded until it is (ids grow with time, so
 * paging stops as soon as the oldest loaded is older than it), at most LINKED_MESSAGE_MAX_PAGES. Each link is
 * followed once: new messages arriving afterwards do not scroll the page back.
 */
export function useLinkedMessage(
  history: History,
  hash: string,
  anchor: string,
  section: RefObject<HTMLElement | null>,
): LinkedMessageOutcome {
  const [outcome, setOutcome] = useState<{ hash: string; result: LinkedMessageOutcome } | null>(null);
  const followed = useRef<string | null>(null);
  const pages = history.data?.pages;

  useEffect(() => {
    if (!history.isSuccess || followed.current === hash) return;
    const finish = (target: Element | null, result: LinkedMessageOutcome) => {
      followed.current = hash;
      setOutcome({ hash, result });
      target?.scrollIntoView({ block: 'start' });
    };
    if (hash === `#${anchor}`) return finish(section.current, null);
    const linked = /^#message-(\d+)$/.exec(hash);
    if (!linked) return;
    const found = document.getElementById(hash.slice(1));
    if (found) return finish(found, null);
    if (history.isFetchingNextPage) return;
    const oldestLoaded = pages?.at(-1)?.data.at(-1)?.id;
    const olderThanLoaded = oldestLoaded === undefined || Number(linked[1]) < oldestLoaded;
    if (!olderThanLoaded || !history.hasNextPage) return finish(section.current, 'gone');
    if ((pages?.length ?? 0) >= LINKED_MESSAGE_MAX_PAGES) return finish(section.current, 'further-back');
    void history.fetchNextPage();
  }, [history, pages, hash, anchor, section]);

  return outcome?.hash === hash ? outcome.result : null;
}
