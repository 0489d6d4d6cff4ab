import type { ProjectListResponse } from '@openlfg/contracts';
import { useId } from 'react';
import { sortFigureOf } from '../figure-sorts';
import { projectSorts } from '../list-query';
import styles from './SortSelect.module.css';

export interface SortSelectProps {
  value: string;
  /** The search: Best match is offered while there is one. */
  q: string;
  onChange: (sortKey: string) => void;
  /** How many of the listed projects have each figure, once the list has answered. */
  known?: ProjectListResponse['known'];
}

/**
 * The spec's six sorts, and Best match while there is a search; one by a figure none of the listed projects has is disabled, and says why in a few
 * words (the list's summary says it in full).
 */
export function SortSelect({ value, q, onChange, known }: SortSelectProps) {
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
        {projectSorts.choicesFor(q).map((choice) => {
          const figure = sortFigureOf(choice.sortField);
          const unavailable = figure !== null && known !== undefined && known[figure.key] === 0;
          return (
            <option key={choice.key} value={choice.key} disabled={unavailable}>
              {unavailable ? `${choice.label} (no counts yet)` : choice.label}
            </option>
          );
        })}
      </select>
    </div>
  );
}
