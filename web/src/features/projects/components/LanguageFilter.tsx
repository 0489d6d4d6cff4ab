import { MAX_FILTER_LANGUAGES } from '@openlfg/contracts';
import { useMemo } from 'react';
import { useLanguages } from '../api/get-languages';
import { MultiSelect } from '../../../components/MultiSelect';
import type { FilterProps } from './TopicFilter';

/** Projects written mainly in any one of the picked languages. */
export function LanguageFilter({ selected, onChange }: FilterProps) {
  const { data, isError } = useLanguages();
  const options = useMemo(() => data?.map(({ language, count }) => ({ value: language, count })), [data]);
  return (
    <MultiSelect
      label="Languages"
      noun="language"
      nounPlural="languages"
      placeholder="Search languages"
      options={options}
      optionsFailed={isError}
      selected={selected}
      onChange={onChange}
      max={MAX_FILTER_LANGUAGES}
    />
  );
}
