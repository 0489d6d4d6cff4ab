import { MAX_FILTER_LANGUAGES } from '@openlfg/contracts';
import { useMemo } from 'react';
import { formatCount, formatExactCount } from '../../../lib/format';
import { useLanguages } from '../api/get-languages';
import { MultiSelect } from '../../../components/MultiSelect';
import type { FilterProps } from './TopicFilter';

/**
 * Projects written mainly in any one of the picked languages. Says how many projects have a language at all,
 * and how many of each have it only from a topic (until the catalogue sync reads the real one).
 */
export function LanguageFilter({ selected, onChange }: FilterProps) {
  const { data, isError } = useLanguages();
  const options = useMemo(
    () =>
      data?.languages.map(({ language, count, derived }) => ({
        value: language,
        count,
        ...(derived > 0 ? { detail: `${formatCount(derived)} from topics` } : {}),
      })),
    [data],
  );
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
      {...(data
        ? {
            summary: `${formatExactCount(data.known)} of ${formatExactCount(data.total)} projects have a known language.`,
          }
        : {})}
    />
  );
}
