import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Pagination } from '../../../components/Pagination';
import { moderationHref, type ModerationTab } from '../moderation-location';

export interface PagedListProps {
  tab: ModerationTab;
  page: number;
  /** The pages the server counts; undefined until the first answer. */
  totalPages: number | undefined;
  /** Whether the answer shown is the previous page's, kept while this one loads. */
  isPlaceholderData: boolean;
  /** Brings the top of the list into view after a page change. */
  onPageChange: () => void;
  children: ReactNode;
}

/**
 * A list with its pages. Past the last page (its last items were just decided, say) the address moves to the
 * last page, without a new history entry.
 */
export function PagedList({
  tab,
  page,
  totalPages,
  isPlaceholderData,
  onPageChange,
  children,
}: PagedListProps) {
  const navigate = useNavigate();
  useEffect(() => {
    if (totalPages !== undefined && !isPlaceholderData && page > totalPages) {
      void navigate(moderationHref({ tab, page: totalPages }), { replace: true });
    }
  }, [tab, page, totalPages, isPlaceholderData, navigate]);

  return (
    <>
      {children}
      {totalPages !== undefined ? (
        <Pagination
          label="Pagination"
          page={page}
          totalPages={totalPages}
          hrefFor={(target) => moderationHref({ tab, page: target })}
          onNavigate={onPageChange}
        />
      ) : null}
    </>
  );
}
