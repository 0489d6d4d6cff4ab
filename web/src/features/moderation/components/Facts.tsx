import styles from './Moderation.module.css';

/** Figures as term and value pairs, flowing into as many columns as the width allows. */
export function Facts({ label, facts }: { label: string; facts: readonly (readonly [string, string])[] }) {
  return (
    <dl className={styles.facts} aria-label={label}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
