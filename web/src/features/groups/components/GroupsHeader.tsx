import { useHeadingFocus } from '../../../lib/heading-focus';
import styles from '../../../components/LandingHeader.module.css';
import own from './GroupsHeader.module.css';

export interface GroupsHeaderProps {
  /** Later visits in the same session skip the Browse button. */
  compact: boolean;
  onBrowse: () => void;
  /** Null while the list's empty state offers posting itself. */
  onPost: (() => void) | null;
}

export function GroupsHeader({ compact, onBrowse, onPost }: GroupsHeaderProps) {
  // Reached after deleting a group, whose page is gone: focus lands on this page's heading.
  const heading = useHeadingFocus<HTMLHeadingElement>();
  return (
    <div className={styles.header}>
      <div className={styles.text}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          Looking for group
        </h1>
        <p className={styles.intro}>
          Find people to build with. Browse the projects other developers are forming groups around and join
          one, or post your own project and say who you are looking for.
        </p>
      </div>
      <div className={`${styles.side} ${own.buttons}`}>
        {compact ? null : (
          <button type="button" className={styles.browse} onClick={onBrowse}>
            Browse groups
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
        )}
        {onPost ? (
          <button type="button" className={own.post} onClick={onPost}>
            Post a group project
          </button>
        ) : null}
      </div>
    </div>
  );
}
