import type { IssueLabel } from '@openlfg/contracts';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { labelColours } from '../label-colours';
import styles from './IssueLabels.module.css';

export interface IssueLabelsProps {
  labels: readonly IssueLabel[];
  /** Markers shown before the labels (the dialog's "Beginner friendly"), as list items. */
  before?: ReactNode;
}

/**
 * A label in its GitHub colour. The colour is set on the element's style from script, not written as a
 * `style` attribute: the CSP refuses inline style attributes, and a page the server rendered (a project's page)
 * would carry them in its HTML, refused, and kept so by hydration. Set before the browser paints.
 */
function Label({ label }: { label: IssueLabel }) {
  const ref = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    const colours = labelColours(label.color);
    const style = ref.current?.style;
    if (!style) return;
    style.background = colours?.background ?? '';
    style.color = colours?.color ?? '';
  }, [label.color]);
  return (
    <li ref={ref} className={styles.label}>
      {label.name}
    </li>
  );
}

/** An issue's GitHub labels, each in its own colour with the text colour that reads on it. */
export function IssueLabels({ labels, before }: IssueLabelsProps) {
  if (labels.length === 0 && !before) return null;
  return (
    <ul className={styles.tags} aria-label="Labels and status">
      {before}
      {labels.map((label) => (
        <Label key={label.name} label={label} />
      ))}
    </ul>
  );
}

/** The look of a label, for markers passed as `before`. */
export const issueTagClassName = styles.marker;
