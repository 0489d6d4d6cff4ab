import { Link } from 'react-router';
import { VisuallyHidden } from './VisuallyHidden';
import { pageItems } from './page-items';
import styles from './Pagination.module.css';

export interface PaginationProps {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** Called when the user picks a page (to bring the top of the list into view). */
  onNavigate: () => void;
  /** The navigation's accessible name, distinct where a list has pages above and below it. */
  label: string;
}

/** Previous, numbered pages with gaps, Next: links, so each page has its own address. */
export function Pagination({ page, totalPages, hrefFor, onNavigate, label }: PaginationProps) {
  if (totalPages <= 1) return null;
  const items = pageItems(page, totalPages);

  const step = (target: number, label: string, rel: 'prev' | 'next') =>
    target < 1 || target > totalPages ? (
      <span className={`${styles.link} ${styles.step} ${styles.disabled}`} aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link
        to={hrefFor(target)}
        preventScrollReset
        rel={rel}
        className={`${styles.link} ${styles.step}`}
        onClick={onNavigate}
      >
        {label}
      </Link>
    );

  return (
    <nav aria-label={label} className={styles.pagination}>
      {step(page - 1, 'Previous', 'prev')}
      <ol className={styles.pages}>
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                preventScrollReset
                className={styles.link}
                aria-current={item === page ? 'page' : undefined}
                onClick={onNavigate}
              >
                <VisuallyHidden>Page </VisuallyHidden>
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {step(page + 1, 'Next', 'next')}
    </nav>
  );
}
