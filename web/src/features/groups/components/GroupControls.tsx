import { DATE_POSTED_OPTIONS, SKILL_LEVELS } from '@openlfg/contracts';
import type { Visibility } from '@openlfg/contracts';
import { useId } from 'react';
import { FiltersToggle } from '../../../components/FiltersToggle';
import { SearchBox } from '../../../components/SearchBox';
import { TopicSearchSelect } from '../../../components/TopicSearchSelect';
import { useSession } from '../../../session/session-context';
import {
  FOR_YOU_SORT,
  groupSorts,
  hasGroupFilters,
  STATUS_CHOICES,
  type GroupListQuery,
} from '../list-query';
import styles from './GroupControls.module.css';
import buttons from '../../../components/buttons.module.css';

export interface GroupControlsProps {
  query: GroupListQuery;
  onChange: (changes: Partial<GroupListQuery>) => void;
  onClear: () => void;
  onSearch: (q: string) => void;
}

const VISIBILITY_CHOICES: readonly { value: Visibility | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
];

/** Filters and sort of the group list. */
export function GroupControls({ query, onChange, onClear, onSearch }: GroupControlsProps) {
  const id = useId();
  const { isLoggedIn } = useSession();
  const sorts = [...groupSorts.choicesFor(query.q), ...(isLoggedIn ? [FOR_YOU_SORT] : [])];

  return (
    <div className={styles.controls} role="group" aria-label="Search, filter and sort groups">
      <SearchBox
        label="Search groups"
        placeholder="Title, topic or words"
        value={query.q}
        onSearch={onSearch}
      />
      <FiltersToggle
        active={
          query.topics.length +
          query.skillLevels.length +
          (query.visibility === null ? 0 : 1) +
          (query.status === '' ? 0 : 1) +
          (query.datePosted === null ? 0 : 1)
        }
      >
        <div className={styles.fields}>
          <TopicSearchSelect
            selected={query.topics}
            onChange={(selected) => onChange({ topics: selected })}
          />
          <div className={styles.field}>
            <label htmlFor={`${id}-posted`} className={styles.label}>
              Date posted
            </label>
            <select
              id={`${id}-posted`}
              className={styles.select}
              value={query.datePosted === null ? '' : String(query.datePosted)}
              onChange={(event) => {
                const option = DATE_POSTED_OPTIONS.find(
                  (item) => String(item.days ?? '') === event.target.value,
                );
                onChange({ datePosted: option?.days ?? null });
              }}
            >
              {DATE_POSTED_OPTIONS.map((option) => (
                <option key={option.label} value={option.days === null ? '' : String(option.days)}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-status`} className={styles.label}>
              Status
            </label>
            <select
              id={`${id}-status`}
              className={styles.select}
              value={query.status}
              onChange={(event) =>
                onChange({
                  status: STATUS_CHOICES.find((choice) => choice.value === event.target.value)?.value ?? '',
                })
              }
            >
              {STATUS_CHOICES.map((choice) => (
                <option key={choice.label} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-sort`} className={styles.label}>
              Sort by
            </label>
            <select
              id={`${id}-sort`}
              className={styles.select}
              value={
                query.sort === FOR_YOU_SORT.key && !isLoggedIn
                  ? groupSorts.defaultKeyFor(query.q)
                  : query.sort
              }
              onChange={(event) => onChange({ sort: event.target.value })}
            >
              {sorts.map((choice) => (
                <option key={choice.key} value={choice.key}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={styles.row}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.label}>Skill level</legend>
            <div className={styles.choices}>
              {SKILL_LEVELS.map((level) => (
                <label key={level} className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={query.skillLevels.includes(level)}
                    onChange={(event) =>
                      onChange({
                        skillLevels: event.target.checked
                          ? SKILL_LEVELS.filter((item) => item === level || query.skillLevels.includes(item))
                          : query.skillLevels.filter((item) => item !== level),
                      })
                    }
                  />
                  {level}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.label}>Visibility</legend>
            <div className={styles.choices}>
              {VISIBILITY_CHOICES.map((choice) => (
                <label key={choice.label} className={styles.choice}>
                  <input
                    type="radio"
                    name={`${id}-visibility`}
                    checked={query.visibility === choice.value}
                    onChange={() => onChange({ visibility: choice.value })}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
          {hasGroupFilters(query) ? (
            <button type="button" className={`${buttons.link} ${styles.clear}`} onClick={onClear}>
              Clear filters
            </button>
          ) : null}
        </div>
      </FiltersToggle>
    </div>
  );
}
