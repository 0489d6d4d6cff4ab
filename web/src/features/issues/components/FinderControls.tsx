import {
  FINDER_LABELS,
  labelKey,
  ISSUE_SORT_OPTIONS,
  ISSUE_UPDATED_WITHIN_DAYS,
  MAX_FILTER_LANGUAGES,
  type IssueSort,
} from '@openlfg/contracts';
import { useMemo } from 'react';
import { CheckboxToggle } from '../../../components/CheckboxToggle';
import { FiltersToggle } from '../../../components/FiltersToggle';
import { MultiSelect } from '../../../components/MultiSelect';
import { SelectField } from '../../../components/SelectField';
import { TopicSearchSelect } from '../../../components/TopicSearchSelect';
import { useSession } from '../../../session/session-context';
import { useFilterOptions } from '../api/get-filter-options';
import { hasFilters, type FinderQuery } from '../finder-query';
import styles from './FinderControls.module.css';
import buttons from '../../../components/buttons.module.css';

export interface FinderControlsProps {
  query: FinderQuery;
  onChange: (changes: Partial<FinderQuery>) => void;
  onClear: () => void;
  /** The name of the project the list is narrowed to, once a row has told it. */
  projectName: string | null;
  /** The list belongs to one project (its page): the project filter is not offered for removal. */
  projectLocked?: boolean;
  /** Whether anything is filtered beyond the defaults (Clear filters shows); the finder's own rule if absent. */
  filtered?: boolean;
}

/** The finder's filters and sort. "Best for you" is offered to signed-in users only. */
export function FinderControls({
  query,
  onChange,
  onClear,
  projectName,
  projectLocked = false,
  filtered = hasFilters(query),
}: FinderControlsProps) {
  const { isLoggedIn } = useSession();
  const options = useFilterOptions();
  const languageOptions = useMemo(
    () => options.data?.languages.languages.map(({ language, count }) => ({ value: language, count })),
    [options.data],
  );
  const sorts = ISSUE_SORT_OPTIONS.filter(
    (option) => isLoggedIn || option.sort !== 'best_for_you' || query.sort === 'best_for_you',
  );
  // The beginner labels the sync collects issues by, one name for each label however it is spelled
  // ("good-first-issue" is "good first issue"); an address naming another label (`?label=docs`) adds it.
  const shownLabel =
    query.label === null
      ? null
      : (FINDER_LABELS.find((label) => labelKey(label) === labelKey(query.label ?? '')) ?? query.label);
  const labels =
    shownLabel === null || FINDER_LABELS.includes(shownLabel)
      ? FINDER_LABELS
      : [...FINDER_LABELS, shownLabel];

  // What is on, the default "Not taken" included: it hides issues too.
  const active =
    query.languages.length +
    query.topics.length +
    [
      query.label !== null,
      query.updatedWithinDays !== null,
      query.notTaken,
      query.answersWithinWeek,
      query.includeQuiet,
    ].filter(Boolean).length +
    (query.projectId !== null && !projectLocked ? 1 : 0);

  return (
    <div className={styles.controls} role="group" aria-label="Filter and sort issues">
      <FiltersToggle active={active}>
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
          <TopicSearchSelect selected={query.topics} onChange={(topics) => onChange({ topics })} />
          <SelectField
            label="Sort by"
            value={query.sort}
            options={sorts.map((option) => ({ value: option.sort, label: option.label }))}
            onChange={(sort) => onChange({ sort: sort as IssueSort })}
          />
          <SelectField
            label="Label"
            value={shownLabel ?? ''}
            options={[
              { value: '', label: 'Any beginner label' },
              ...labels.map((label) => ({ value: label, label })),
            ]}
            onChange={(label) => onChange({ label: label === '' ? null : label })}
          />
          <SelectField
            label="Updated"
            value={String(query.updatedWithinDays ?? '')}
            options={[
              { value: '', label: 'Any time' },
              ...ISSUE_UPDATED_WITHIN_DAYS.map((days) => ({
                value: String(days),
                label: `Within ${days} days`,
              })),
            ]}
            onChange={(value) =>
              onChange({
                updatedWithinDays: ISSUE_UPDATED_WITHIN_DAYS.find((days) => String(days) === value) ?? null,
              })
            }
          />
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
          <CheckboxToggle
            checked={query.includeQuiet}
            onChange={(includeQuiet) => onChange({ includeQuiet })}
          >
            Include quiet projects
          </CheckboxToggle>
          {query.projectId !== null && !projectLocked ? (
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
          {filtered ? (
            <button type="button" className={buttons.link} onClick={onClear}>
              Clear filters
            </button>
          ) : null}
        </div>
      </FiltersToggle>
    </div>
  );
}
