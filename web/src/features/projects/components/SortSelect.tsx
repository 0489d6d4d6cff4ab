import { useId } from 'react';
import { projectSorts } from '../list-query';
import styles from './SortSelect.module.css';

export interface SortSelectProps {
  value: string;
  /** The search: Best match is offered while there is one. */
  q: string;
  onChange: (sortKey: string) => void;
}

export function SortSelect({ value, q, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Sort by
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {projectSorts.choicesFor(q).map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
