import { VisuallyHidden } from '../../components/VisuallyHidden';
import styles from './IssueTitle.module.css';

export interface IssueTitleProps {
  issue: { title: string; url: string; number: number };
  /** The link's id, for a card that takes its name from it. */
  id?: string;
  /** The finder's rows are headed by their title; the dialog's list items are not. */
  heading?: boolean;
}

/** An issue's title, a link to it on GitHub that opens a new tab (and says so to screen readers), and its number. */
export function IssueTitle({ issue, id, heading = false }: IssueTitleProps) {
  const Row = heading ? 'h3' : 'div';
  return (
    <Row className={styles.row}>
      <a id={id} className={styles.title} href={issue.url} target="_blank" rel="noreferrer">
        {issue.title}
        <VisuallyHidden> (opens on GitHub in a new tab)</VisuallyHidden>
      </a>
      <span className={styles.number}>#{issue.number}</span>
    </Row>
  );
}
