import { type CalendarDate, parseDate } from '@internationalized/date';
import { clsx } from 'clsx';
import CalendarIcon from 'lucide-react/icons/calendar';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { ReactNode, Ref } from 'react';
import {
  DatePicker as AriaDatePicker,
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
} from 'react-aria-components';
import { FieldDescription, FieldErrorMessage, FieldLabel } from '../field/field-parts';

export interface DatePickerProps {
  label: ReactNode;
  /** `YYYY-MM-DD`, or null/'' for no date. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  description?: ReactNode;
  errorMessage?: ReactNode;
  isRequired?: boolean;
  name?: string;
  className?: string;
  /** The calendar button's label ("Calendar"), translated by the caller. */
  calendarLabel: string;
  /** The first segment receives the focus a form's error sends here. */
  inputRef?: Ref<HTMLDivElement>;
}

/** A stored `YYYY-MM-DD` (or a timestamp starting with one) as a calendar date; anything else none. */
function toCalendarDate(value: string | null): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value.slice(0, 10));
  } catch {
    return null;
  }
}

/**
 * A calendar date in the reader's locale (react-aria's DatePicker): typed segment by segment
 * (arrows step a segment) or picked from the calendar popover; the value stays `YYYY-MM-DD`.
 */
export function DatePicker({
  label,
  value,
  onChange,
  onBlur,
  description,
  errorMessage,
  isRequired,
  name,
  className,
  calendarLabel,
  inputRef,
}: DatePickerProps) {
  const hasErrorMessage = errorMessage !== undefined && errorMessage !== null && errorMessage !== '';
  return (
    <AriaDatePicker
      name={name}
      value={toCalendarDate(value)}
      onChange={(date) => onChange(date ? date.toString() : null)}
      onBlur={onBlur}
      isRequired={isRequired}
      isInvalid={hasErrorMessage || undefined}
      validationBehavior="aria"
      granularity="day"
      className={clsx('flex flex-col gap-1', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Group
        ref={inputRef}
        className={clsx(
          'flex h-10 w-full max-w-xs items-center rounded-input border border-divider bg-transparent pl-3 text-sm text-fg',
          'data-focus-within:border-primary data-focus-within:ring-3 data-focus-within:ring-focus',
          'data-invalid:border-danger',
        )}
      >
        <DateInput className="flex flex-1">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="inline-flex min-h-6 min-w-6 items-center justify-center rounded px-0.5 tabular-nums outline-none data-focused:bg-primary data-focused:text-on-primary data-placeholder:text-muted data-[type=literal]:min-w-0 data-[type=literal]:px-0"
            />
          )}
        </DateInput>
        <Button
          aria-label={calendarLabel}
          className="flex h-full w-10 items-center justify-center text-muted outline-none data-focus-visible:ring-2 data-focus-visible:ring-focus"
        >
          <CalendarIcon aria-hidden className="size-4" />
        </Button>
      </Group>
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorMessage>{hasErrorMessage ? errorMessage : undefined}</FieldErrorMessage>
      <Popover className="rounded-panel border border-divider bg-paper p-3 shadow-lg">
        <Dialog className="outline-none">
          <Calendar>
            <header className="mb-2 flex items-center justify-between gap-2">
              <Button
                slot="previous"
                className="flex size-8 items-center justify-center rounded hover:bg-fg-base/8"
              >
                <ChevronLeft aria-hidden className="size-4" />
              </Button>
              <Heading className="text-sm font-semibold" />
              <Button
                slot="next"
                className="flex size-8 items-center justify-center rounded hover:bg-fg-base/8"
              >
                <ChevronRight aria-hidden className="size-4" />
              </Button>
            </header>
            <CalendarGrid className="text-sm">
              {(date) => (
                <CalendarCell
                  date={date}
                  className={clsx(
                    'flex size-9 items-center justify-center rounded outline-none',
                    'data-outside-month:text-muted data-hovered:bg-fg-base/8',
                    'data-focus-visible:ring-2 data-focus-visible:ring-focus',
                    'data-selected:bg-primary data-selected:text-on-primary',
                  )}
                />
              )}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
