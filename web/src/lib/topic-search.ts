import { DEFAULT_TOPIC_SEARCH_RESULTS } from '@openlfg/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from './api';
import { useFirstLookOver } from './first-look';

/** How long typing pauses before the topic box asks the server. */
export const TOPIC_SEARCH_DELAY_MS = 150;

/** The topics for what was typed, spelled any way (the server folds it and finds aliases by canonical name). */
export function topicSearchQueryOptions(text: string, limit = DEFAULT_TOPIC_SEARCH_RESULTS) {
  // "React" and "react " share one cache entry; the server does the rest of the folding.
  const q = text.trim().toLowerCase();
  return queryOptions({
    queryKey: ['projects', 'topics', 'search', q, limit],
    queryFn: ({ signal }) => callApi('searchTopics', { query: { q, limit } }, { signal }),
    // The catalogue's topics change with an import or a sync, not while someone types.
    staleTime: 5 * 60_000,
  });
}

/** `value`, once it has stopped changing for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Topics matching what is being typed, asked once typing pauses; the previous answer stays shown while the next
 * one loads, so the list does not flicker. The most used topics (nothing typed) are shown only when the box
 * opens: they are asked for once the visitor is past their first look at the page (a tap or key anywhere does
 * it), not among the requests the page starts with.
 */
export function useTopicSearch(text: string, limit?: number) {
  const settled = useSettled(text, TOPIC_SEARCH_DELAY_MS);
  const query = useQuery({
    ...topicSearchQueryOptions(settled, limit),
    placeholderData: keepPreviousData,
    enabled: useFirstLookOver(),
  });
  return { ...query, searching: query.isFetching || settled !== text };
}
