import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { useTrans } from '../use-trans';
import type { TTextFieldBinding } from './use-form';

export interface AuthFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  testId: string;
  children: ReactNode;
}

/** The form of an auth page: client rules replace the browser's own validation (spec 5). */
export function AuthForm({ formRef, onSubmit, testId, children }: AuthFormProps) {
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid={testId}>
      {children}
    </form>
  );
}

export interface EmailFieldProps {
  field: TTextFieldBinding;
  /** Set when the address came with the link (an invite or a prefilled reset). */
  isReadOnly?: boolean;
}

export function EmailField({ field, isReadOnly }: EmailFieldProps) {
  const { trans } = useTrans();
  return (
    <TextField {...field} type="email" label={trans('Email')} autoComplete="email" isReadOnly={isReadOnly} />
  );
}

export interface AuthSubmitButtonProps {
  isPending: boolean;
  children: ReactNode;
}

export function AuthSubmitButton({ isPending, children }: AuthSubmitButtonProps) {
  return (
    <Button type="submit" isFullWidth isPending={isPending} isDisabled={isPending}>
      {children}
    </Button>
  );
}
