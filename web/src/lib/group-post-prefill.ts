import { GROUP_TITLE_MAX, MAX_GROUP_TOPICS, normaliseTopics } from '@openlfg/contracts';

/**
 * The group posting form opened already filled (a project's "Start a group for this project"): the form's
 * address carries what to fill, `/group-projects?post=new&repo=owner/name&topics=a,b&title=...`. Written by the
 * project's page and read by the groups' list page, which owns the form.
 */
export interface GroupPostPrefill {
  repository: string;
  topics: string[];
  title: string;
}

const PREFILL_KEYS = ['repo', 'topics', 'title'] as const;

/** The posting form's address, filled with `prefill`. */
export function postGroupHref(prefill: GroupPostPrefill): string {
  const params = new URLSearchParams({ post: 'new' });
  if (prefill.repository) params.set('repo', prefill.repository);
  const topics = prefill.topics.slice(0, MAX_GROUP_TOPICS);
  if (topics.length > 0) params.set('topics', topics.join(','));
  if (prefill.title) params.set('title', prefill.title.slice(0, GROUP_TITLE_MAX));
  return `/group-projects?${params.toString()}`;
}

/** What an address asks the form to be filled with; null when it asks for nothing. Bad values are dropped. */
export function readPostPrefill(search: string): GroupPostPrefill | null {
  const params = new URLSearchParams(search);
  if (!PREFILL_KEYS.some((key) => params.has(key))) return null;
  let topics: string[] = [];
  for (const raw of (params.get('topics') ?? '').split(',').slice(0, MAX_GROUP_TOPICS * 2)) {
    // One topic the form would refuse leaves the others.
    const next = normaliseTopics([...topics, raw]);
    if (next.ok && next.value.length <= MAX_GROUP_TOPICS) topics = next.value;
  }
  return {
    repository: (params.get('repo') ?? '').slice(0, 200),
    topics,
    title: (params.get('title') ?? '').slice(0, GROUP_TITLE_MAX),
  };
}

/** The address without the form's prefill (the form was closed). */
export function withoutPostPrefill(params: URLSearchParams): URLSearchParams {
  for (const key of PREFILL_KEYS) params.delete(key);
  return params;
}
