import type { Responsiveness } from '@openlfg/contracts';
import styles from './ResponsivenessLine.module.css';

/** How fast the project's maintainers answer: "Maintainers usually answer within 2 days". */
export function ResponsivenessLine({ responsiveness }: { responsiveness: Responsiveness }) {
  const { text } = responsiveness;
  return <p className={styles.line}>{text.charAt(0).toUpperCase() + text.slice(1)}</p>;
}
