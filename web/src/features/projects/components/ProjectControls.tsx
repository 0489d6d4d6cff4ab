import { NEW_PROJECT_DAYS } from '@openlfg/contracts';
import { CheckboxToggle } from '../../../components/CheckboxToggle';
import { FiltersToggle } from '../../../components/FiltersToggle';
import { SearchBox } from '../../../components/SearchBox';
import { useProjects } from '../api/get-projects';
import { hasFilters, toListRequest, type ListQuery } from '../list-query';
import { LanguageFilter } from './LanguageFilter';
import { RequestProjectButton } from './RequestProjectButton';
import { SortSelect } from './SortSelect';
import { TopicFilter } from './TopicFilter';
import styles from './ProjectControls.module.css';
import buttons from '../../../components/buttons.module.css';

export interface ProjectControlsProps {
  query: ListQuery;
  onChange: (changes: Partial<ListQuery>) => void;
  onClear: () => void;
  onSearch: (q: string) => void;
}

/** Filters and sort of the projects list, and the way to ask for a missing project. */
export function ProjectControls({ query, onChange, onClear, onSearch }: ProjectControlsProps) {
  // The list's own answer (one request, shared with the results): which sorts have figures to sort by.
  const answer = useProjects(toListRequest(query)).data;
  return (
    <div className={styles.controls} role="group" aria-label="Search, filter and sort projects">
      <SearchBox
        label="Search projects"
        placeholder="Name, topic or words"
        value={query.q}
        onSearch={onSearch}
      />
      <FiltersToggle active={query.topics.length + query.languages.length + (query.showNew ? 1 : 0)}>
        <div className={styles.fields}>
          <TopicFilter selected={query.topics} onChange={(topics) => onChange({ topics })} />
          <LanguageFilter selected={query.languages} onChange={(languages) => onChange({ languages })} />
          <SortSelect
            value={query.sort}
            q={query.q}
            onChange={(sort) => onChange({ sort })}
            known={answer?.known}
            sortFallback={answer?.sortFallback}
          />
        </div>
        <div className={styles.row}>
          <CheckboxToggle checked={query.showNew} onChange={(showNew) => onChange({ showNew })}>
            New in the last {NEW_PROJECT_DAYS} days
          </CheckboxToggle>
          {hasFilters(query) ? (
            <button type="button" className={buttons.link} onClick={onClear}>
              Clear filters
            </button>
          ) : null}
          <div className={styles.request}>
            <RequestProjectButton />
          </div>
        </div>
      </FiltersToggle>
    </div>
  );
}
