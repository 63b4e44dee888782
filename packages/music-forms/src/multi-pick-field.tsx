import { useTrans } from '@cadence/app-shell/use-trans';
import { ChevronDown, X } from 'lucide-react';
import { type Ref, useId } from 'react';
import {
  Button,
  ComboBox,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Tag,
  TagGroup,
  TagList,
} from 'react-aria-components';

export type TPickItem = { id: Key; label: string };

/**
 * What every multi-pick field shows: a searchable combobox that adds one pick (type to filter,
 * arrows and Enter to pick) and the picks as tags removed with their button or Backspace/Delete.
 * Where the choices come from (a list in hand, the api's suggestions) is the caller's.
 */
export function MultiPickField({
  label,
  items,
  picked,
  text,
  onTextChange,
  onPick,
  onRemove,
  onBlur,
  inputRef,
  errorMessage,
  emptyMessage,
}: {
  label: string;
  /** The choices offered for what was typed (the picks already left out). */
  items: TPickItem[];
  picked: TPickItem[];
  text: string;
  onTextChange: (text: string) => void;
  onPick: (id: Key) => void;
  onRemove: (ids: Set<Key>) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  errorMessage?: string;
  emptyMessage: string;
}) {
  const { trans } = useTrans();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-2">
      <ComboBox
        className="flex max-w-md flex-col gap-1"
        items={items}
        inputValue={text}
        onInputChange={onTextChange}
        selectedKey={null}
        onSelectionChange={(key) => {
          if (key === null) return;
          onPick(key);
          onTextChange('');
        }}
        onBlur={onBlur}
        isInvalid={!!errorMessage}
        allowsEmptyCollection
        menuTrigger="focus"
      >
        <Label className="text-sm font-medium text-fg">{label}</Label>
        <div className="relative">
          <Input
            ref={inputRef}
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
          <ListBox<TPickItem>
            className="p-1 outline-none"
            renderEmptyState={() => <p className="px-3 py-2 text-sm text-muted">{emptyMessage}</p>}
          >
            {(item) => (
              <ListBoxItem
                id={item.id}
                textValue={item.label}
                className="cursor-pointer rounded px-3 py-2 text-sm text-fg outline-none data-focused:bg-fg-base/8"
              >
                {item.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {picked.length > 0 && (
        <TagGroup aria-label={trans(':label selected', { label })} onRemove={onRemove}>
          <TagList items={picked} className="flex flex-wrap gap-2">
            {(item) => (
              <Tag
                id={item.id}
                textValue={item.label}
                className="flex items-center gap-1 rounded-full border border-divider bg-bg-alt py-0.5 pr-1 pl-3 text-sm text-fg outline-none data-focus-visible:ring-2 data-focus-visible:ring-primary"
              >
                {item.label}
                <Button
                  slot="remove"
                  aria-label={trans('Remove :name', { name: item.label })}
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
