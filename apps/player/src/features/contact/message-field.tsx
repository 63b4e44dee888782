import type { TTextFieldBinding } from '@cadence/app-shell/auth/use-form';
import { clsx } from 'clsx';
import { FieldError, Label, TextArea, TextField } from 'react-aria-components';

/** A multi-line field with the same label, invalid state and error line as ui's TextField. */
export function MessageField({
  label,
  rows,
  errorMessage,
  ...field
}: TTextFieldBinding & { label: string; rows: number }) {
  return (
    <TextField {...field} isInvalid={Boolean(errorMessage) || undefined} className="flex flex-col gap-1">
      <Label className="text-sm font-medium text-fg">
        {label}
        {field.isRequired && (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        )}
      </Label>
      <TextArea
        rows={rows}
        className={clsx(
          'w-full rounded-input border border-divider bg-transparent px-3 py-2 text-sm text-fg outline-none',
          'data-focused:border-primary data-focused:ring-3 data-focused:ring-focus data-invalid:border-danger',
        )}
      />
      <FieldError className="text-xs text-danger">{errorMessage}</FieldError>
    </TextField>
  );
}
