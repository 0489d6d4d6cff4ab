import { TopicSearchSelect } from '../../../components/TopicSearchSelect';

export interface FilterProps {
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** Projects carrying every picked topic. */
export function TopicFilter({ selected, onChange }: FilterProps) {
  return <TopicSearchSelect selected={selected} onChange={onChange} />;
}
