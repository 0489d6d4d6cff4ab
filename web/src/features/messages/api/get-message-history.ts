import type { Message, MessageHistoryResponse } from '@openlfg/contracts';
import { MESSAGE_PAGE_SIZE } from '@openlfg/contracts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { mergeMessages, newerVersion } from '../timeline';
import { boardKey, isProjectRoom, type BoardRef } from '../board';
import { getMessagesQueryKey } from './query-keys';

/** One page of a board (a group's or a project's room), newest first; `before` pages back from the oldest shown. */
export function getMessageHistory(board: BoardRef, before: number | undefined, signal?: AbortSignal) {
  const page = { limit: MESSAGE_PAGE_SIZE, ...(before === undefined ? {} : { before }) };
  return isProjectRoom(board)
    ? callApi('roomHistory', { query: { projectId: board.projectId, ...page } }, { signal })
    : callApi('messageHistory', { query: { groupProjectId: board.groupProjectId, ...page } }, { signal });
}

export function getMessageHistoryQueryOptions(board: BoardRef) {
  return infiniteQueryOptions({
    queryKey: [...getMessagesQueryKey(), 'history', ...boardKey(board)] as const,
    queryFn: ({ pageParam, signal }) => getMessageHistory(board, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasOlder ? last.data.at(-1)?.id : undefined),
    // Live messages are written into this cache as they arrive (addMessagesToHistory), and a resubscription
    // replays what was missed, so a refetch would only throw that away.
    staleTime: Infinity,
  });
}

/** The board's messages, page by page; fetchNextPage loads older ones. */
export function useMessageHistory(board: BoardRef) {
  return useInfiniteQuery(getMessageHistoryQueryOptions(board));
}

/**
 * Adds messages that arrived live (or in an add-message answer) to the newest cached page of their board: each
 * id once, however many ways it came. Boards whose history is not loaded are left alone; they load it whole.
 */
export function addMessagesToHistory(queryClient: QueryClient, board: BoardRef, messages: Message[]) {
  queryClient.setQueryData<InfiniteData<MessageHistoryResponse, number | undefined>>(
    getMessageHistoryQueryOptions(board).queryKey,
    (old) => {
      const [newest, ...older] = old?.pages ?? [];
      if (!old || !newest) return old;
      const data = mergeMessages(newest.data, messages).reverse();
      return { ...old, pages: [{ ...newest, data }, ...older] };
    },
  );
}

/**
 * An edited or deleted message (pushed live, or the answer to the user's own change) replaces its older version
 * in whichever cached page holds it. One newer than every cached message is added like a live message (its
 * change overtook it); one older than the pages loaded is left for its page to bring.
 */
export function changeMessageInHistory(queryClient: QueryClient, board: BoardRef, message: Message) {
  const key = getMessageHistoryQueryOptions(board).queryKey;
  const old = queryClient.getQueryData<InfiniteData<MessageHistoryResponse, number | undefined>>(key);
  if (!old) return;
  const held = old.pages.some((page) => page.data.some((item) => item.id === message.id));
  if (!held) {
    const newestId = old.pages[0]?.data[0]?.id ?? 0;
    if (message.id > newestId) addMessagesToHistory(queryClient, board, [message]);
    return;
  }
  queryClient.setQueryData(key, {
    ...old,
    pages: old.pages.map((page) => ({
      ...page,
      data: page.data.map((item) => (item.id === message.id ? newerVersion(item, message) : item)),
    })),
  });
}

/** Every message of the cached pages, oldest first. */
export function historyMessages(data: InfiniteData<MessageHistoryResponse, unknown> | undefined): Message[] {
  return data ? mergeMessages(...data.pages.map((page) => page.data)) : [];
}
