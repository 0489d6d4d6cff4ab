import { useId, useState, type ReactNode } from 'react';
import styles from './FiltersToggle.module.css';

export interface FiltersToggleProps {
  /** How many filters are on: "Filters (2)". */
  active: number;
  children: ReactNode;
}

/**
 * A list's filters: always shown from --breakpoint-sm (768px) up; on a phone they fold behind one "Filters"
 * button that says how many are on, so the first results show under the search box.
 */
export function FiltersToggle({ active, children }: FiltersToggleProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Filters{active ? ` (${active})` : ''}
      </button>
      <div id={id} className={open ? styles.open : styles.closed}>
        {children}
      </div>
    </>
  );
}
