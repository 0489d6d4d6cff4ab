import styles from './SearchedFor.module.css';

/**
 * Says that the list was searched by other words than those typed (a typo corrected on the server: "projcet"
 * searched as "project"), so that results without the typed words are no surprise. Nothing otherwise.
 */
export function SearchedFor({ typed, searchedFor }: { typed: string; searchedFor: string | null }) {
  if (searchedFor === null) return null;
  return (
    <p className={styles.note} aria-live="polite">
      Nothing has “{typed.trim()}”: showing results for <strong>{searchedFor}</strong>.
    </p>
  );
}
