import { Fragment, type ReactNode } from 'react';
import { EmptyState, LoadState, type LoadStateProps } from './LoadState';
import { ModerationSection, useSectionHeading } from './ModerationSection';
import { PagedList } from './PagedList';
import type { ModerationTab } from '../moderation-location';
import styles from './Moderation.module.css';

export interface ModerationListProps<T> {
  tab: ModerationTab;
  page: number;
  title: string;
  intro: string;
  /** The list's accessible name; the title when not given. */
  listLabel?: string;
  /** The page's query, as useQuery gives it. */
  query: LoadStateProps['query'] & {
    data: { data: T[]; totalPages: number } | undefined;
    isPlaceholderData: boolean;
  };
  /** What is listed, in a few words ("project requests"), for loading and failure. */
  what: string;
  empty: { title: string; text: string };
  keyOf: (item: T) => number | string;
  /** One item, an <li>; `onDone` once it has left the list (focus goes back to the section's heading). */
  renderItem: (item: T, onDone: () => void) => ReactNode;
}

/** One moderation section's paged list: loading, failure, empty, or the items, with the pages below. */
export function ModerationList<T>({
  tab,
  page,
  title,
  intro,
  listLabel = title,
  query,
  what,
  empty,
  keyOf,
  renderItem,
}: ModerationListProps<T>) {
  const { headingRef, focusHeading } = useSectionHeading();

  let content;
  if (!query.data) content = <LoadState query={query} what={what} />;
  else if (query.data.data.length === 0 && page <= query.data.totalPages)
    content = <EmptyState title={empty.title} text={empty.text} />;
  else
    content = (
      <ul className={styles.list} aria-label={listLabel}>
        {query.data.data.map((item) => (
          <Fragment key={keyOf(item)}>{renderItem(item, focusHeading)}</Fragment>
        ))}
      </ul>
    );

  return (
    <ModerationSection title={title} headingRef={headingRef} intro={intro}>
      <PagedList
        tab={tab}
        page={page}
        totalPages={query.data?.totalPages}
        isPlaceholderData={query.isPlaceholderData}
        onPageChange={focusHeading}
      >
        {content}
      </PagedList>
    </ModerationSection>
  );
}
