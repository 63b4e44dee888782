import type { TFieldErrors } from '@cadence/contracts/errors';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Spec 5: a 422's `errors` attach to the matching fields and the first one gets focus. Keys are
 * the api's field names (`email`, `permissions.0.restrictions`), which are the form's paths.
 * Answers the messages that matched no field, for the caller to show another way (a toast).
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  errors: TFieldErrors,
): string[] {
  const values = form.getValues();
  const unmatched: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(errors)) {
    const message = (Array.isArray(messages) ? messages : [messages]).find((line) => line) ?? '';
    if (!message) continue;
    if (!hasPath(values, field)) {
      unmatched.push(message);
      continue;
    }
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  return unmatched;
}

function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}
