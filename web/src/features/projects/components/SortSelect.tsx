import type { ProjectListResponse } from '@openlfg/contracts';
import { SelectField } from '../../../components/SelectField';
import { sortFigureOf } from '../figure-sorts';
import { projectSorts } from '../list-query';

export interface SortSelectProps {
  value: string;
  /** The search: Best match is offered while there is one. */
  q: string;
  onChange: (sortKey: string) => void;
  /** How many of the listed projects have each figure, once the list has answered. */
  known?: ProjectListResponse['known'];
}

/**
 * The spec's six sorts, and Best match while there is a search. A sort by a figure none of the listed projects
 * has is disabled and says why in a few words (the list's summary says it in full).
 */
export function SortSelect({ value, q, onChange, known }: SortSelectProps) {
  const options = projectSorts.choicesFor(q).map((choice) => {
    const figure = sortFigureOf(choice.sortField);
    const unavailable = figure !== null && known !== undefined && known[figure.key] === 0;
    return {
      value: choice.key,
      label: unavailable ? `${choice.label} (no counts yet)` : choice.label,
      disabled: unavailable,
    };
  });
  return <SelectField label="Sort by" value={value} options={options} onChange={onChange} />;
}
