import { useTrans } from '@cadence/app-shell/use-trans';
import { ChevronDown, X } from 'lucide-react';
import { useId, useState } from 'react';
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Tag,
  TagGroup,
  TagList,
  useFilter,
} from 'react-aria-components';

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
  const { trans } = useTrans();
  const { contains } = useFilter({ sensitivity: 'base' });
  const [text, setText] = useState('');
  const errorId = useId();
  const picked = value
    .map((id) => options.find((option) => option.id === id))
    .filter((option): option is TComboOption => !!option);
  const available = options.filter((option) => !value.includes(option.id) && contains(option.name, text));
  return (
    <div className="flex flex-col gap-2">
      <ComboBox
        className="flex max-w-md flex-col gap-1"
        items={available}
        inputValue={text}
        onInputChange={setText}
        selectedKey={null}
        onSelectionChange={(key) => {
          if (key === null) return;
          onChange([...value, Number(key)]);
          setText('');
        }}
        onBlur={onBlur}
        isInvalid={!!errorMessage}
        allowsEmptyCollection
        menuTrigger="focus"
      >
        <Label className="text-sm font-medium text-fg">{label}</Label>
        <div className="relative">
          <Input
            aria-describedby={errorMessage ? errorId : undefined}
            placeholder={trans('Search...')}
            className={`h-10 w-full rounded-input border bg-paper pr-9 pl-3 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus ${errorMessage ? 'border-danger' : 'border-divider'}`}
          />
          <Button
            aria-label={trans('Show options')}
            className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-muted"
          >
            <ChevronDown aria-hidden className="size-4" />
          </Button>
        </div>
        <Popover className="max-h-64 w-(--trigger-width) overflow-auto rounded-panel border border-divider bg-paper shadow-lg">
          <ListBox<TComboOption>
            className="p-1 outline-none"
            renderEmptyState={() => <p className="px-3 py-2 text-sm text-muted">{emptyMessage}</p>}
          >
            {(option) => (
              <ListBoxItem
                id={option.id}
                textValue={option.name}
                className="cursor-pointer rounded px-3 py-2 text-sm text-fg outline-none data-focused:bg-fg-base/8"
              >
                {option.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {picked.length > 0 && (
        <TagGroup
          aria-label={trans(':label selected', { label })}
          onRemove={(keys) => onChange(value.filter((id) => !keys.has(id)))}
        >
          <TagList items={picked} className="flex flex-wrap gap-2">
            {(option) => (
              <Tag
                id={option.id}
                textValue={option.name}
                className="flex items-center gap-1 rounded-full border border-divider bg-bg-alt py-0.5 pr-1 pl-3 text-sm text-fg outline-none data-focus-visible:ring-2 data-focus-visible:ring-primary"
              >
                {option.name}
                <Button
                  slot="remove"
                  aria-label={trans('Remove :name', { name: option.name })}
                  className="flex size-6 items-center justify-center rounded-full text-muted hover:bg-divider"
                >
                  <X aria-hidden className="size-3.5" />
                </Button>
              </Tag>
            )}
          </TagList>
        </TagGroup>
      )}
      {errorMessage && (
        <p id={errorId} className="text-xs text-danger">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
