import { SelectField } from '../../../components/SelectField';
import { SORT_CHOICES } from '../list-query';

export interface SortSelectProps {
  value: string;
  onChange: (sortKey: string) => void;
}

const OPTIONS = SORT_CHOICES.map((choice) => ({ value: choice.key, label: choice.label }));

export function SortSelect({ value, onChange }: SortSelectProps) {
  return <SelectField label="Sort by" value={value} options={OPTIONS} onChange={onChange} />;
}
