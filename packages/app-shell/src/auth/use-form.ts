import { isHttpError } from '@cadence/http-client/http-error';
import { useCallback, useRef, useState } from 'react';
import { reportError } from '../report-error';
import { type TFormRules, validateForm } from './field-rules';

export type TFormValues = Record<string, string | boolean>;
type TErrors = Record<string, string>;

/** The props `useForm().textField(name)` hands to a `TextField`. */
export interface TTextFieldBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  errorMessage: string | undefined;
  isRequired: boolean | undefined;
}

/** The form control named `name`, or null when the form has no such field. */
function namedControl(form: HTMLFormElement | null, name: string): HTMLElement | null {
  const control = form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  return control ?? null;
}

/** Spec 5: the first errored field in the form's own order gets focus. */
export function focusFirstError(form: HTMLFormElement | null, errors: TErrors): void {
  if (!form) return;
  const controls = Array.from(form.querySelectorAll<HTMLElement>('[name]'));
  controls.find((control) => Object.hasOwn(errors, control.getAttribute('name') ?? ''))?.focus();
}

/**
 * Form state with spec 5 error handling: client rules before submitting, server field errors
 * attached to the matching fields (first one focused), and anything else reported as a danger
 * toast (the server message, or the generic text for an empty errors object).
 */
export function useForm<V extends TFormValues>(initial: V, rules: TFormRules = {}) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<TErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!Object.hasOwn(current, name)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  const showErrors = useCallback((next: TErrors) => {
    setErrors(next);
    focusFirstError(formRef.current, next);
  }, []);

  /** Runs the client rules; false (with errors shown) when the form must not be sent. */
  const validate = useCallback((): boolean => {
    const found = validateForm(values, rules);
    if (Object.keys(found).length === 0) return true;
    showErrors(found);
    return false;
  }, [values, rules, showErrors]);

  const onServerError = useCallback(
    (error: unknown) => {
      if (isHttpError(error) && !error.debug) {
        const matching = Object.fromEntries(
          Object.entries(error.fieldErrors).filter(([name]) => namedControl(formRef.current, name)),
        );
        if (Object.keys(matching).length > 0) {
          showErrors(matching);
          return;
        }
      }
      reportError(error);
    },
    [showErrors],
  );

  const textField = (name: keyof V & string): TTextFieldBinding => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (value: string) => setValue(name, value as V[typeof name]),
    errorMessage: errors[name],
    isRequired: rules[name]?.isRequired,
  });

  const checkbox = (name: keyof V & string) => ({
    name,
    isSelected: Boolean(values[name]),
    onChange: (value: boolean) => setValue(name, value as V[typeof name]),
    errorMessage: errors[name],
    isRequired: rules[name]?.isRequired,
  });

  return { values, setValue, errors, showErrors, validate, onServerError, formRef, textField, checkbox };
}
