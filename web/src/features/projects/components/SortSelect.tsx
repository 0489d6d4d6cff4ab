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
  /** The list answered with the most beginner issues first, the sort asked for having no figures to sort by. */
  sortFallback?: boolean;
}

/** The sort a figure sort falls back to (the server's `sortFallback`). */
const FALLBACK_SORT_KEY = projectSorts
  .choicesFor('')
  .find((choice) => choice.sortField === 'beginner_issues' && choice.order === 'DESC')?.key;

/**
 * The sorts, and Best match while there is a search. A sort by a figure none of the listed projects has is
 * disabled and says why in a few words (the list's summary says it in full); the box then shows the sort the
 * list is actually in, Most beginner issues.
 */
export function SortSelect({ value, q, onChange, known, sortFallback = false }: SortSelectProps) {
  const options = projectSorts.choicesFor(q).map((choice) => {
    const figure = sortFigureOf(choice.sortField);
    const unavailable = figure !== null && known !== undefined && known[figure.key] === 0;
    return {
      value: choice.key,
      label: unavailable ? `${choice.label} (no counts yet)` : choice.label,
      disabled: unavailable,
    };
  });
  const applied = sortFallback && FALLBACK_SORT_KEY ? FALLBACK_SORT_KEY : value;
  return <SelectField label="Sort by" value={applied} options={options} onChange={onChange} />;
}
