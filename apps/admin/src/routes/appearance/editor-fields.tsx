import { Checkbox } from '@cadence/ui/checkbox';
import { type ReactNode, useId } from 'react';
import { classNames as clsx } from './class-names';

const control =
  'w-full rounded-input border border-divider bg-paper px-3 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus';

type Base = { label: ReactNode; description?: ReactNode; className?: string };

function Described({ id, description }: { id: string; description?: ReactNode }) {
  return description ? (
    <p id={`${id}-description`} className="text-xs text-muted">
      {description}
    </p>
  ) : null;
}

export function TextInput({
  label,
  description,
  className,
  value,
  onChange,
  type = 'text',
  placeholder,
  isReadOnly,
}: Base & {
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'url' | 'number';
  placeholder?: string;
  isReadOnly?: boolean;
}) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        readOnly={isReadOnly}
        placeholder={placeholder}
        onChange={(event) => onChange?.(event.target.value)}
        aria-describedby={description ? `${id}-description` : undefined}
        className={clsx(control, 'h-10', isReadOnly && 'text-muted')}
      />
      <Described id={id} description={description} />
    </div>
  );
}

export function TextArea({
  label,
  description,
  className,
  value,
  onChange,
  rows = 4,
  isCode,
  errorMessage,
}: Base & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  isCode?: boolean;
  errorMessage?: string;
}) {
  const id = useId();
  const describedBy = [description && `${id}-description`, errorMessage && `${id}-error`].filter(Boolean);
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        spellCheck={!isCode}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
        className={clsx(control, 'py-2', isCode && 'font-mono text-xs', errorMessage && 'border-danger')}
      />
      <Described id={id} description={description} />
      {errorMessage ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}

export function SelectInput({
  label,
  description,
  className,
  value,
  onChange,
  options,
}: Base & { value: string; onChange: (value: string) => void; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={description ? `${id}-description` : undefined}
        className={clsx(control, 'h-10 px-2')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Described id={id} description={description} />
    </div>
  );
}

export function CheckInput({
  label,
  description,
  className,
  isSelected,
  onChange,
}: Base & { isSelected: boolean; onChange: (value: boolean) => void }) {
  return (
    <Checkbox isSelected={isSelected} onChange={onChange} description={description} className={className}>
      {label}
    </Checkbox>
  );
}

/** Section heading with the way back up the editor's tree. */
export function SectionHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-2">
      <h1 className="text-lg font-semibold">{title}</h1>
      {children}
    </div>
  );
}
