import { useTrans } from '@cadence/app-shell/use-trans';
import { Checkbox } from '@cadence/ui/checkbox';
import { DatePicker } from '@cadence/ui/date-picker';
import { TextField } from '@cadence/ui/text-field';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';

function PlainLabel({
  htmlFor,
  children,
  isRequired,
}: {
  htmlFor: string;
  children: ReactNode;
  isRequired?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-medium text-fg">
      {children}
      {isRequired && (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      )}
    </label>
  );
}

type Base<T extends FieldValues> = {
  name: Path<T>;
  label: ReactNode;
  description?: ReactNode;
  className?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
};

/**
 * react-hook-form focuses an invalid field through the ref it was given; the design system's
 * fields keep their input inside, so the ref hands over an object that focuses that input.
 */
function focusRef(fieldRef: (instance: unknown) => void) {
  return (wrapper: HTMLElement | null) =>
    fieldRef(
      wrapper
        ? { focus: () => wrapper.querySelector<HTMLElement>('input, textarea, select, button')?.focus() }
        : null,
    );
}

export function FormTextField<T extends FieldValues>({
  name,
  label,
  description,
  className,
  isRequired,
  isDisabled,
  type = 'text',
  autoComplete,
  placeholder,
}: Base<T> & {
  type?: 'text' | 'email' | 'password' | 'url' | 'number';
  autoComplete?: string;
  placeholder?: string;
}) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  return (
    <div ref={focusRef(field.ref)} className={className}>
      <TextField
        name={field.name}
        type={type}
        label={label}
        description={description}
        placeholder={placeholder}
        autoComplete={autoComplete}
        isRequired={isRequired}
        isDisabled={isDisabled}
        value={field.value == null ? '' : String(field.value)}
        onChange={(value) =>
          field.onChange(type === 'number' ? (value === '' ? null : Number(value)) : value)
        }
        onBlur={field.onBlur}
        errorMessage={fieldState.error?.message}
        validationBehavior="aria"
      />
    </div>
  );
}

/**
 * A calendar date (`YYYY-MM-DD`, or null when cleared) in the reader's locale: typed segment by
 * segment with the arrows, or chosen from the calendar (react-aria's DatePicker).
 */
export function FormDateField<T extends FieldValues>({
  name,
  label,
  description,
  className,
  isRequired,
}: Base<T>) {
  const { trans } = useTrans();
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  return (
    <div className={className}>
      <DatePicker
        name={field.name}
        label={label}
        description={description}
        isRequired={isRequired}
        value={field.value == null ? null : String(field.value)}
        onChange={field.onChange}
        onBlur={field.onBlur}
        errorMessage={fieldState.error?.message}
        calendarLabel={trans('Calendar')}
        // A form error sends the focus to the first segment (the hidden input cannot take it).
        inputRef={(group) =>
          field.ref(
            group ? { focus: () => group.querySelector<HTMLElement>('[role="spinbutton"]')?.focus() } : null,
          )
        }
      />
    </div>
  );
}

export function FormTextarea<T extends FieldValues>({
  name,
  label,
  description,
  className,
  isRequired,
  rows = 3,
}: Base<T> & { rows?: number }) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <PlainLabel htmlFor={id} isRequired={isRequired}>
        {label}
      </PlainLabel>
      <textarea
        id={id}
        ref={field.ref}
        name={field.name}
        rows={rows}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error && `${id}-error`, description && `${id}-description`].filter(Boolean).join(' ') || undefined
        }
        className="w-full rounded-input border border-divider bg-transparent px-3 py-2 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus aria-invalid:border-danger"
      />
      {description && (
        <p id={`${id}-description`} className="text-xs text-muted">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export function FormCheckbox<T extends FieldValues>({
  name,
  label,
  description,
  className,
  isDisabled,
}: Base<T>) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  return (
    <div ref={focusRef(field.ref)} className={className}>
      <Checkbox
        name={field.name}
        isSelected={!!field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        isDisabled={isDisabled}
        description={description}
        errorMessage={fieldState.error?.message}
        validationBehavior="aria"
      >
        {label}
      </Checkbox>
    </div>
  );
}

export type TSelectOption = { value: string; label: string };

/** A native select: keyboard and screen-reader friendly everywhere, fits a phone. */
export function FormSelect<T extends FieldValues>({
  name,
  label,
  description,
  className,
  isRequired,
  isDisabled,
  options,
  emptyLabel,
}: Base<T> & { options: TSelectOption[]; emptyLabel?: string }) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <PlainLabel htmlFor={id} isRequired={isRequired}>
        {label}
      </PlainLabel>
      <select
        id={id}
        ref={field.ref}
        name={field.name}
        value={field.value ?? ''}
        disabled={isDisabled}
        onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error && `${id}-error`, description && `${id}-description`].filter(Boolean).join(' ') || undefined
        }
        className="h-10 w-full rounded-input border border-divider bg-paper px-2 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus aria-invalid:border-danger"
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {description && (
        <p id={`${id}-description`} className="text-xs text-muted">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
