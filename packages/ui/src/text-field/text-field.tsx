import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Input,
} from 'react-aria-components';
import { FieldDescription, FieldErrorMessage, FieldLabel } from '../field/field-parts';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label?: ReactNode;
  description?: ReactNode;
  /** A message (e.g. a server field error) marks the field invalid and is shown under it. */
  errorMessage?: ReactNode;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
}

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  isInvalid,
  className,
  inputClassName,
  ...props
}: TextFieldProps) {
  const hasErrorMessage = errorMessage !== undefined && errorMessage !== null && errorMessage !== '';
  return (
    <AriaTextField
      {...props}
      isInvalid={isInvalid ?? (hasErrorMessage || undefined)}
      className={clsx('flex flex-col gap-1', className)}
    >
      {label && <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>}
      <Input
        placeholder={placeholder}
        className={clsx(
          'h-10 w-full rounded-input border border-divider bg-transparent px-3 text-sm text-fg outline-none',
          'placeholder:text-muted transition-colors',
          'data-focused:border-primary data-focused:ring-3 data-focused:ring-focus',
          'data-invalid:border-danger data-disabled:bg-disabled data-disabled:text-muted',
          inputClassName,
        )}
      />
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorMessage>{hasErrorMessage ? errorMessage : undefined}</FieldErrorMessage>
    </AriaTextField>
  );
}
