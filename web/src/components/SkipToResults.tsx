import type { RefObject } from 'react';
import styles from './ListPage.module.css';

/** A list page's first link: straight to its results (focus moves there), past the header and the filters. */
export function SkipToResults({ target }: { target: RefObject<HTMLElement | null> }) {
  return (
    <a
      href="#results"
      className={styles.skip}
      onClick={(event) => {
        event.preventDefault();
        target.current?.focus();
      }}
    >
      Skip to results
    </a>
  );
}
