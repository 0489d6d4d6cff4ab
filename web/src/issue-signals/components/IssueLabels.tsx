import type { IssueLabel } from '@openlfg/contracts';
import type { ReactNode } from 'react';
import { labelColours } from '../label-colours';
import styles from './IssueLabels.module.css';

export interface IssueLabelsProps {
  labels: readonly IssueLabel[];
  /** Markers shown before the labels (the dialog's "Beginner friendly"), as list items. */
  before?: ReactNode;
}

/** An issue's GitHub labels, each in its own colour with the text colour that reads on it. */
export function IssueLabels({ labels, before }: IssueLabelsProps) {
  if (labels.length === 0 && !before) return null;
  return (
    <ul className={styles.tags} aria-label="Labels and status">
      {before}
      {labels.map((label) => {
        const colours = labelColours(label.color);
        return (
          <li
            key={label.name}
            className={styles.label}
            style={colours ? { background: colours.background, color: colours.color } : undefined}
          >
            {label.name}
          </li>
        );
      })}
    </ul>
  );
}

/** The look of a label, for markers passed as `before`. */
export const issueTagClassName = styles.marker;
