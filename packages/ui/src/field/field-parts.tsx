import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';

export function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <Label className="text-sm font-medium text-fg">
      {children}
      {/* The input carries `required`; the star is only the visual cue. */}
      {isRequired && (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      )}
    </Label>
  );
}

export function FieldDescription({ children }: { children: ReactNode }) {
  return (
    <Text slot="description" className="text-xs text-muted">
      {children}
    </Text>
  );
}

/** Shows the given message, or the browser's validation message when none is given. */
export function FieldErrorMessage({ children }: { children?: ReactNode }) {
  return <FieldError className={clsx('text-xs text-danger')}>{children}</FieldError>;
}
