import { toast } from '@cadence/app-shell/toast-store';
import { isHttpError } from '@cadence/http-client/http-error';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from './server-errors';

export type TAdminForm<T extends FieldValues, R = unknown> = {
  form: UseFormReturn<T>;
  /** The `<form onSubmit>` handler: validates with the schema, then calls `submit`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Set once a save succeeded, until the next edit: the unsaved-changes guard lets navigation through. */
  savedRef: React.RefObject<boolean>;
  lastResult: React.RefObject<R | undefined>;
};

type Options<S extends z.ZodType<FieldValues, FieldValues>, R> = {
  /** The contract's zod schema: the same one the api validates the body with. */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Sends the parsed values (an api call); throw the HttpError to map its 422 onto fields. */
  submit: (values: z.output<S>) => Promise<R>;
  /** The success toast ("Saved", "User created"). */
  successMessage: string;
  /** After a save (navigate, close a dialog...). The form is clean by then. */
  onSuccess?: (result: R, values: z.output<S>) => void;
  /** Translates the toast for messages that matched no field. */
  genericError?: string;
};

/**
 * The one form approach of the admin and backstage apps: react-hook-form validated by the
 * contract's zod schema on the client, the server's 422 `errors` shown on their fields with the
 * first focused, a success toast, and a clean form after saving (see UnsavedChangesGuard).
 */
export function useAdminForm<S extends z.ZodType<FieldValues, FieldValues>, R = unknown>(
  options: Options<S, R>,
): TAdminForm<z.input<S>, R> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(options.schema),
    defaultValues: options.defaultValues,
    mode: 'onTouched',
  });
  const savedRef = useRef(false);
  const lastResult = useRef<R | undefined>(undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await options.submit(values);
      lastResult.current = result;
      savedRef.current = true;
      // The saved values become the new baseline: the form is no longer dirty.
      form.reset(form.getValues());
      toast.positive(options.successMessage);
      options.onSuccess?.(result, values);
    } catch (error) {
      if (isHttpError(error) && error.hasFieldErrors) {
        const unmatched = applyServerErrors(form, error.errors);
        if (unmatched.length > 0) toast.danger(unmatched[0] as string);
        return;
      }
      toast.danger(
        isHttpError(error)
          ? error.message
          : (options.genericError ?? 'There was an issue. Please try again later.'),
      );
    }
  });

  return { form: form as unknown as UseFormReturn<z.input<S>>, onSubmit, savedRef, lastResult };
}
