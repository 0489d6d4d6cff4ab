import { useCallback, useId, useRef, type ReactNode, type RefObject } from 'react';
import styles from './Moderation.module.css';

/**
 * The heading of a section, focusable from code: after an item leaves the list, or the page changes, focus
 * goes there rather than being lost with the button that was pressed.
 */
export function useSectionHeading() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);
  return { headingRef, focusHeading };
}

export interface ModerationSectionProps {
  title: string;
  intro: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}

export function ModerationSection({ title, intro, headingRef, children }: ModerationSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {title}
      </h2>
      <p className={styles.text}>{intro}</p>
      {children}
    </section>
  );
}
