import { useId } from 'react';
import { SORT_CHOICES } from '../list-query';
import styles from '../../../components/SelectField.module.css';

export interface SortSelectProps {
  value: string;
  onChange: (sortKey: string) => void;
}

export function SortSelect({ value, onChange }: SortSelectProps) {
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
        {SORT_CHOICES.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
