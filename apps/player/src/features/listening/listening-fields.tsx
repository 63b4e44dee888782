import { FieldDescription, FieldErrorMessage, FieldLabel } from '@cadence/ui/field-parts';
import { clsx } from 'clsx';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { type ReactNode, useId } from 'react';
import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
} from 'react-aria-components';

export type TChoice = { id: string; label: string; description?: string };

type TFieldProps = {
  label: string;
  description?: ReactNode;
  /** A server field error (422) marks the field invalid and is shown under it. */
  errorMessage?: string;
  isDisabled?: boolean;
  testId?: string;
};

const invalid = (errorMessage?: string) => (errorMessage ? true : undefined);

/** A react-aria select (keyboard: Enter/Space/arrows open it, type-ahead picks). */
export function ChoiceSelect({
  value,
  options,
  onChange,
  ...field
}: TFieldProps & { value: string; options: TChoice[]; onChange: (value: string) => void }) {
  return (
    <Select
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      isInvalid={invalid(field.errorMessage)}
      isDisabled={field.isDisabled}
      validationBehavior="aria"
      className="flex max-w-xs flex-col gap-1"
      data-testid={field.testId}
    >
      <FieldLabel>{field.label}</FieldLabel>
      <Button
        className={clsx(
          'flex h-10 items-center justify-between gap-2 rounded-input border border-divider px-3 text-sm text-fg',
          'outline-none data-focus-visible:border-primary data-focus-visible:ring-3 data-focus-visible:ring-focus',
        )}
      >
        <SelectValue />
        <ChevronDownIcon aria-hidden className="size-4 text-muted" />
      </Button>
      {field.description && <FieldDescription>{field.description}</FieldDescription>}
      <FieldErrorMessage>{field.errorMessage}</FieldErrorMessage>
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

/** Radio buttons for a handful of modes, each with its one-line explanation. */
export function ChoiceRadios({
  value,
  options,
  onChange,
  ...field
}: TFieldProps & { value: string; options: TChoice[]; onChange: (value: string) => void }) {
  return (
    <RadioGroup
      value={value}
      onChange={onChange}
      isInvalid={invalid(field.errorMessage)}
      isDisabled={field.isDisabled}
      validationBehavior="aria"
      className="flex flex-col gap-2"
      data-testid={field.testId}
    >
      <FieldLabel>{field.label}</FieldLabel>
      {options.map((option) => (
        <Radio
          key={option.id}
          value={option.id}
          className="group flex cursor-pointer items-start gap-2 text-sm text-fg data-disabled:cursor-default data-disabled:text-muted"
        >
          <span
            aria-hidden
            className={clsx(
              'mt-0.5 size-5 shrink-0 rounded-full border-2 border-muted transition-colors',
              'group-data-selected:border-[6px] group-data-selected:border-primary',
              'group-data-focus-visible:ring-3 group-data-focus-visible:ring-focus group-data-invalid:border-danger',
            )}
          />
          <span className="flex flex-col">
            <span>{option.label}</span>
            {option.description && <span className="text-xs text-muted">{option.description}</span>}
          </span>
        </Radio>
      ))}
      {field.description && <FieldDescription>{field.description}</FieldDescription>}
      <FieldErrorMessage>{field.errorMessage}</FieldErrorMessage>
    </RadioGroup>
  );
}

/** A slider with its value shown (arrow keys step, Home/End jump to the ends). */
export function NumberSlider({
  value,
  minValue,
  maxValue,
  step,
  format,
  formatOptions,
  onChange,
  ...field
}: TFieldProps & {
  value: number;
  minValue: number;
  maxValue: number;
  step: number;
  /** The visible value. */
  format: (value: number) => string;
  /** What screen readers hear as the value (Intl.NumberFormat options, e.g. seconds). */
  formatOptions?: Intl.NumberFormatOptions;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const describedBy = [field.description && `${id}-description`, field.errorMessage && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex max-w-md flex-col gap-1" data-testid={field.testId}>
      <Slider
        value={value}
        minValue={minValue}
        maxValue={maxValue}
        step={step}
        onChange={onChange}
        isDisabled={field.isDisabled}
        formatOptions={formatOptions}
        className="flex flex-col gap-2"
      >
        <div className="flex items-baseline justify-between">
          <FieldLabel>{field.label}</FieldLabel>
          <SliderOutput className="text-sm tabular-nums text-fg">
            {({ state }) => format(state.getThumbValue(0))}
          </SliderOutput>
        </div>
        <SliderTrack className="relative h-6 w-full">
          {({ state }) => (
            <>
              <div className="absolute top-1/2 h-1 w-full -translate-y-1/2 rounded-full bg-fg-base/20" />
              <div
                className="absolute top-1/2 h-1 -translate-y-1/2 rounded-full bg-primary"
                style={{ width: `${state.getThumbPercent(0) * 100}%` }}
              />
              <SliderThumb
                aria-describedby={describedBy || undefined}
                className={clsx(
                  'top-1/2 size-5 rounded-full border-2 border-primary bg-paper',
                  'data-focus-visible:ring-3 data-focus-visible:ring-focus',
                )}
              />
            </>
          )}
        </SliderTrack>
      </Slider>
      {field.description && (
        <p id={`${id}-description`} className="text-xs text-muted">
          {field.description}
        </p>
      )}
      {field.errorMessage && (
        <p id={`${id}-error`} className="text-xs text-danger" role="alert">
          {field.errorMessage}
        </p>
      )}
    </div>
  );
}
