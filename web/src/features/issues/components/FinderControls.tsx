import {
  ISSUE_SORT_OPTIONS,
  ISSUE_UPDATED_WITHIN_DAYS,
  MAX_FILTER_LANGUAGES,
  MAX_FILTER_TOPICS,
  type IssueSort,
} from '@openlfg/contracts';
import { useId, useMemo } from 'react';
import { CheckboxToggle } from '../../../components/CheckboxToggle';
import { MultiSelect } from '../../../components/MultiSelect';
import { useSession } from '../../../session/session-context';
import { useFilterOptions } from '../api/get-filter-options';
import { hasFilters, type FinderQuery } from '../finder-query';
import fields from '../../../components/SelectField.module.css';
import styles from './FinderControls.module.css';

/**
 * The labels offered by the label filter: the beginner labels the sync collects issues by. An address naming
 * another label (`?label=docs`) shows it as one more choice.
 */
export const LABEL_CHOICES = [
  'good first issue',
  'help wanted',
  'good-first-issue',
  'beginner',
  'beginner-friendly',
  'easy',
  'first-timers-only',
  'starter',
  'low-hanging-fruit',
] as const;

export interface FinderControlsProps {
  query: FinderQuery;
  onChange: (changes: Partial<FinderQuery>) => void;
  onClear: () => void;
  /** The name of the project the list is narrowed to, once a row has told it. */
  projectName: string | null;
}

/** The finder's filters and sort. "Best for you" is offered to signed-in users only. */
export function FinderControls({ query, onChange, onClear, projectName }: FinderControlsProps) {
  const { isLoggedIn } = useSession();
  const options = useFilterOptions();
  const topicOptions = useMemo(
    () => options.data?.topics.map(({ topic, count }) => ({ value: topic, count })),
    [options.data],
  );
  const languageOptions = useMemo(
    () => options.data?.languages.map(({ language, count }) => ({ value: language, count })),
    [options.data],
  );
  const sortId = useId();
  const labelId = useId();
  const updatedId = useId();
  const sorts = ISSUE_SORT_OPTIONS.filter(
    (option) => isLoggedIn || option.sort !== 'best_for_you' || query.sort === 'best_for_you',
  );
  const labels: readonly string[] =
    query.label === null || (LABEL_CHOICES as readonly string[]).includes(query.label)
      ? LABEL_CHOICES
      : [...LABEL_CHOICES, query.label];

  return (
    <div className={styles.controls} role="group" aria-label="Filter and sort issues">
      <div className={styles.fields}>
        <MultiSelect
          label="Languages"
          noun="language"
          nounPlural="languages"
          placeholder="Search languages"
          options={languageOptions}
          optionsFailed={options.isError}
          selected={query.languages}
          onChange={(languages) => onChange({ languages })}
          max={MAX_FILTER_LANGUAGES}
        />
        <MultiSelect
          label="Topics"
          noun="topic"
          nounPlural="topics"
          placeholder="Search topics"
          options={topicOptions}
          optionsFailed={options.isError}
          selected={query.topics}
          onChange={(topics) => onChange({ topics })}
          max={MAX_FILTER_TOPICS}
        />
        <div className={fields.field}>
          <label htmlFor={sortId} className={fields.label}>
            Sort by
          </label>
          <select
            id={sortId}
            className={fields.select}
            value={query.sort}
            onChange={(event) => onChange({ sort: event.target.value as IssueSort })}
          >
            {sorts.map((option) => (
              <option key={option.sort} value={option.sort}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className={fields.field}>
          <label htmlFor={labelId} className={fields.label}>
            Label
          </label>
          <select
            id={labelId}
            className={fields.select}
            value={query.label ?? ''}
            onChange={(event) => onChange({ label: event.target.value === '' ? null : event.target.value })}
          >
            <option value="">Any beginner label</option>
            {labels.map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className={fields.field}>
          <label htmlFor={updatedId} className={fields.label}>
            Updated
          </label>
          <select
            id={updatedId}
            className={fields.select}
            value={query.updatedWithinDays ?? ''}
            onChange={(event) => {
              const days = ISSUE_UPDATED_WITHIN_DAYS.find((value) => String(value) === event.target.value);
              onChange({ updatedWithinDays: days ?? null });
            }}
          >
            <option value="">Any time</option>
            {ISSUE_UPDATED_WITHIN_DAYS.map((days) => (
              <option key={days} value={days}>
                Within {days} days
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.row}>
        <CheckboxToggle checked={query.notTaken} onChange={(notTaken) => onChange({ notTaken })}>
          Not taken
        </CheckboxToggle>
        <CheckboxToggle
          checked={query.answersWithinWeek}
          onChange={(answersWithinWeek) => onChange({ answersWithinWeek })}
        >
          Maintainers answer within a week
        </CheckboxToggle>
        {query.projectId !== null ? (
          <span className={styles.project}>
            Project: {projectName ?? `#${query.projectId}`}
            <button
              type="button"
              className={styles.removeProject}
              aria-label={`Show every project, not only ${projectName ?? 'this one'}`}
              onClick={() => onChange({ projectId: null })}
            >
              <span aria-hidden="true">×</span>
            </button>
          </span>
        ) : null}
        {hasFilters(query) ? (
          <button type="button" className={styles.clear} onClick={onClear}>
            Clear filters
          </button>
        ) : null}
      </div>
    </div>
  );
}
