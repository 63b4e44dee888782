import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, useFormState } from 'react-hook-form';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import type { TAdminForm } from './use-admin-form';

/**
 * The `<form>` of an admin page: provides the form to the Form* fields, guards unsaved changes
 * and stops the browser's own validation bubbles (the schema's messages show instead).
 */
export function AdminForm<T extends FieldValues>({
  adminForm,
  children,
  className,
  guard = true,
  id,
}: {
  adminForm: TAdminForm<T>;
  children: ReactNode;
  className?: string;
  /** Off for forms in dialogs: closing the dialog is the way out. */
  guard?: boolean;
  id?: string;
}) {
  const { form, onSubmit, savedRef } = adminForm;
  return (
    <FormProvider {...form}>
      <form id={id} noValidate onSubmit={onSubmit} className={className ?? 'flex flex-col gap-4'}>
        {children}
      </form>
      {guard && <DirtyGuard savedRef={savedRef} />}
    </FormProvider>
  );
}

function DirtyGuard({ savedRef }: { savedRef: React.RefObject<boolean> }) {
  const { isDirty } = useFormState();
  return <UnsavedChangesGuard isDirty={isDirty} savedRef={savedRef} />;
}

/** Submit button that shows the form is saving and cannot be pressed twice meanwhile. */
export function SubmitButton({ children, form }: { children?: ReactNode; form?: string }) {
  const { trans } = useTrans();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" form={form} isDisabled={isSubmitting}>
      {children ?? trans('Save')}
    </Button>
  );
}
