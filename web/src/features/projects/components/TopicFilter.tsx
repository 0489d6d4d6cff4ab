import { MAX_FILTER_TOPICS } from '@openlfg/contracts';
import { useMemo } from 'react';
import { useTopics } from '../api/get-topics';
import { MultiSelect } from '../../../components/MultiSelect';

export interface FilterProps {
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** Projects carrying every picked topic. */
export function TopicFilter({ selected, onChange }: FilterProps) {
  const { data, isError } = useTopics();
  const options = useMemo(() => data?.map(({ topic, count }) => ({ value: topic, count })), [data]);
  return (
    <MultiSelect
      label="Topics"
      noun="topic"
      nounPlural="topics"
      placeholder="Search topics"
      options={options}
      optionsFailed={isError}
      selected={selected}
      onChange={onChange}
      max={MAX_FILTER_TOPICS}
    />
  );
}
