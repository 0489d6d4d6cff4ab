import { MAX_FILTER_TOPICS } from '@openlfg/contracts';
import { useMemo, useState } from 'react';
import { useTopicSearch } from '../lib/topic-search';
import { MultiSelect } from './MultiSelect';

export interface TopicSearchSelectProps {
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/**
 * The topic filter (Discover and the groups list): the catalogue's topics searched as the user types, so every
 * topic can be found however rare (by its start, a near miss, or an alias: "reactjs" offers react), most used
 * first.
 */
export function TopicSearchSelect({ selected, onChange }: TopicSearchSelectProps) {
  const [text, setText] = useState('');
  const { data, isError, searching } = useTopicSearch(text);
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
      onTextChange={setText}
      searching={searching}
    />
  );
}
