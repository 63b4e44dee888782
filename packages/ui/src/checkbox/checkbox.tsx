import { clsx } from 'clsx';
import CheckIcon from 'lucide-react/icons/check';
import MinusIcon from 'lucide-react/icons/minus';
import type { ReactNode } from 'react';
import {
  CheckboxButton,
  CheckboxField,
  type CheckboxFieldProps,
  FieldError,
  Text,
} from 'react-aria-components';

export interface CheckboxProps extends Omit<CheckboxFieldProps, 'className' | 'children'> {
  /** The visible label. */
  children?: ReactNode;
  description?: ReactNode;
  /** A message marks the checkbox invalid and is shown under it. */
  errorMessage?: ReactNode;
  className?: string;
}

export function Checkbox({
  children,
  description,
  errorMessage,
  isInvalid,
  className,
  ...props
}: CheckboxProps) {
  const hasErrorMessage = errorMessage !== undefined && errorMessage !== null && errorMessage !== '';
  return (
    <CheckboxField
      {...props}
      isInvalid={isInvalid ?? (hasErrorMessage || undefined)}
      className={clsx('flex flex-col gap-1', className)}
    >
      <CheckboxButton className="group inline-flex cursor-pointer items-center gap-2 text-sm text-fg data-disabled:cursor-default data-disabled:text-muted">
        {({ isSelected, isIndeterminate }) => (
          <>
            <span
              className={clsx(
                'flex size-5 shrink-0 items-center justify-center rounded border-2 transition-colors',
                'group-data-focus-visible:ring-3 group-data-focus-visible:ring-focus',
                isSelected || isIndeterminate
                  ? 'border-primary bg-primary text-on-primary'
                  : 'border-muted group-data-invalid:border-danger',
                'group-data-disabled:border-disabled group-data-disabled:bg-disabled',
              )}
            >
              {isIndeterminate ? (
                <MinusIcon aria-hidden className="size-4" strokeWidth={3} />
              ) : (
                isSelected && <CheckIcon aria-hidden className="size-4" strokeWidth={3} />
              )}
            </span>
            {children && (
              <span>
                {children}
                {props.isRequired && (
                  <span aria-hidden="true" className="ml-0.5 text-danger">
                    *
                  </span>
                )}
              </span>
            )}
          </>
        )}
      </CheckboxButton>
      {description && (
        <Text slot="description" className="pl-7 text-xs text-muted">
          {description}
        </Text>
      )}
      <FieldError className="pl-7 text-xs text-danger">
        {hasErrorMessage ? errorMessage : undefined}
      </FieldError>
    </CheckboxField>
  );
}
