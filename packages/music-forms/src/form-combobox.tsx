import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  useFilter,
} from 'react-aria-components';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';
import type { TComboOption } from './multi-combobox';

/** The "none" choice's key: react-aria keys cannot be null. */
const NONE = 0;

/**
 * One pick (an id, or null for `emptyLabel`) from a long list: type to filter, arrows and Enter
 * to pick, Escape to close; a bound react-hook-form field.
 */
export function FormComboBox<T extends FieldValues>({
  name,
  label,
  emptyLabel,
  options,
}: {
  name: Path<T>;
  label: string;
  emptyLabel: string;
  options: TComboOption[];
}) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const { contains } = useFilter({ sensitivity: 'base' });
  const errorId = useId();
  const items = [{ id: NONE, name: emptyLabel }, ...options];
  const value = field.value == null ? NONE : Number(field.value);
  return (
    <ComboBox
      className="flex flex-col gap-1"
      defaultItems={items}
      defaultFilter={contains}
      selectedKey={value}
      onSelectionChange={(key) => field.onChange(key === null || key === NONE ? null : Number(key))}
      onBlur={field.onBlur}
      isInvalid={!!fieldState.error}
      menuTrigger="focus"
    >
      <Label className="text-sm font-medium text-fg">{label}</Label>
      <div className="relative">
        <Input
          ref={field.ref}
          aria-describedby={fieldState.error ? errorId : undefined}
          className={`h-10 w-full rounded-input border bg-paper pr-9 pl-3 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus ${fieldState.error ? 'border-danger' : 'border-divider'}`}
        />
        <Button className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-muted">
          <ChevronDown aria-hidden className="size-4" />
        </Button>
      </div>
      <Popover className="max-h-64 w-(--trigger-width) overflow-auto rounded-panel border border-divider bg-paper shadow-lg">
        <ListBox<TComboOption> className="p-1 outline-none">
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.name}
              className="cursor-pointer rounded px-3 py-2 text-sm text-fg outline-none data-focused:bg-fg-base/8 data-selected:font-medium"
            >
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
      {fieldState.error && (
        <p id={errorId} className="text-xs text-danger">
          {fieldState.error.message}
        </p>
      )}
    </ComboBox>
  );
}
