import { clsx } from 'clsx';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

export type SmartOption = { id: string; label: string };

/** A compact react-aria select (keyboard: Enter/Space/arrows open it, type-ahead picks). */
export function SmartSelect({
  label,
  isLabelHidden = true,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  isLabelHidden?: boolean;
  value: string;
  options: SmartOption[];
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <Select
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      className="flex flex-col gap-1"
      data-testid={testId}
      aria-label={isLabelHidden ? label : undefined}
    >
      {!isLabelHidden && <Label className="text-sm font-medium">{label}</Label>}
      <Button
        className={clsx(
          'flex h-10 min-w-32 items-center justify-between gap-2 rounded-input border border-divider px-3 text-sm text-fg',
          'outline-none data-focus-visible:border-primary data-focus-visible:ring-3 data-focus-visible:ring-focus',
        )}
      >
        <SelectValue />
        <ChevronDownIcon aria-hidden className="size-4 text-muted" />
      </Button>
      <Popover className="min-w-(--trigger-width) overflow-auto rounded-panel bg-paper shadow-xl ring-1 ring-divider">
        <ListBox items={options} className="max-h-72 overflow-auto p-1 outline-none">
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.label}
              className="cursor-default rounded-input px-3 py-2 text-sm text-fg outline-none data-focused:bg-fg-base/8 data-selected:font-semibold"
            >
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
