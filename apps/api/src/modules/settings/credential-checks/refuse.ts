import { AppError } from '../../../platform/http/app-error';

/** The answer when a group's new credentials fail their check (design section 1). */
export const COULD_NOT_PERSIST = 'Could not persist settings.';

/**
 * Refuses a save: a 422 naming the failing field and its group (`mail_group`, `billing_group`...),
 * thrown before any write so nothing is saved. Messages never repeat a secret.
 */
export function refuse(group: string, field: string, message: string): never {
  throw new AppError('validation', COULD_NOT_PERSIST, { [field]: message, [`${group}_group`]: message });
}

/** A setting's value about to be saved: the new one when the save changes it, else the current one. */
export type NextValue = (key: string) => unknown;

export const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
