import { installValidationMessages, translateValidationMessage } from '@cadence/contracts/zod-error-map';
import { useCallback } from 'react';
import type { z } from 'zod';
import { useBootstrapData } from './use-bootstrap-data';

// The same lines the api answers with ("The name field is required."), so a form shows the same
// text for the same rule whether the browser or the server found it.
installValidationMessages();

/** Field path ("name", "links.0.url") to its first message, in the reader's language. */
export type ContractFieldErrors = Record<string, string>;

export type ContractCheck<T> = { data: T; errors: null } | { data: null; errors: ContractFieldErrors };

/** Checks form values against a contract's zod schema before they are sent. */
export function useContractValidation(): <S extends z.ZodType>(
  schema: S,
  values: unknown,
) => ContractCheck<z.output<S>> {
  const { lines } = useBootstrapData().i18n;
  return useCallback(
    <S extends z.ZodType>(schema: S, values: unknown): ContractCheck<z.output<S>> => {
      const result = schema.safeParse(values);
      if (result.success) return { data: result.data, errors: null };
      const errors: ContractFieldErrors = {};
      for (const issue of result.error.issues) {
        const field = issue.path.map(String).join('.') || 'message';
        errors[field] ??= translateValidationMessage(issue.message, lines);
      }
      return { data: null, errors };
    },
    [lines],
  );
}
