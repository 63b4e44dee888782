import { useState } from 'react';
import { useFilter } from 'react-aria-components';
import { MultiPickField } from './multi-pick-field';

export type TComboOption = { id: number; name: string };

/**
 * Several picks from a long list: a searchable combobox adds one (type to filter, arrows and
 * Enter to pick), the picks show as tags removed with their button or Backspace/Delete.
 */
export function MultiComboBox({
  label,
  options,
  value,
  onChange,
  onBlur,
  errorMessage,
  emptyMessage,
}: {
  label: string;
  options: TComboOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  errorMessage?: string;
  emptyMessage: string;
}) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const [text, setText] = useState('');
  const asItem = (option: TComboOption) => ({ id: option.id, label: option.name });
  const picked = value
    .map((id) => options.find((option) => option.id === id))
    .filter((option): option is TComboOption => !!option);
  const available = options.filter((option) => !value.includes(option.id) && contains(option.name, text));
  return (
    <MultiPickField
      label={label}
      items={available.map(asItem)}
      picked={picked.map(asItem)}
      text={text}
      onTextChange={setText}
      onPick={(id) => onChange([...value, Number(id)])}
      onRemove={(ids) => onChange(value.filter((id) => !ids.has(id)))}
      onBlur={onBlur}
      errorMessage={errorMessage}
      emptyMessage={emptyMessage}
    />
  );
}
