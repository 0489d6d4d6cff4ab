import type { TakenSignal as Signal } from '@openlfg/contracts';
import styles from './TakenSignal.module.css';

const MARKER: Record<Signal['state'], string> = {
  free: 'Not taken',
  assigned: 'Taken',
  pull_request: 'Taken',
  claim_comment: 'Taken',
  claimed_here: 'Taken',
};

/**
 * Whether someone is already on an issue, and the server's reason with its age ("assigned to @ada 40 days ago, no
 * pull request", "claimed on OpenLFG by @x 3 days ago"), so a user can judge for themselves.
 */
export function TakenSignal({ taken }: { taken: Signal }) {
  const free = taken.state === 'free';
  return (
    <p className={styles.signal}>
      <span className={`${styles.marker} ${free ? styles.free : styles.taken}`}>{MARKER[taken.state]}</span>{' '}
      <span className={styles.reason}>{taken.reason}</span>
    </p>
  );
}
