import { trans } from '../trans';

export interface TFieldRules {
  isRequired?: boolean;
  isEmail?: boolean;
  isNumeric?: boolean;
  exactLength?: number;
  maxLength?: number;
  /** Name of another field this one must equal (password confirmation). */
  sameAs?: string;
}

export type TFormRules = Record<string, TFieldRules>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkField(value: unknown, rules: TFieldRules, values: Record<string, unknown>): string | null {
  if (typeof value === 'boolean') {
    return rules.isRequired && !value ? trans('This field is required.') : null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return rules.isRequired ? trans('This field is required.') : null;
  if (rules.isEmail && !EMAIL_PATTERN.test(text)) return trans('Enter a valid email address.');
  if (rules.isNumeric && !/^\d+$/.test(text)) return trans('Only numbers are allowed.');
  if (rules.exactLength !== undefined && text.length !== rules.exactLength) {
    return trans(
      '{count, plural, one {Must be exactly # character.} other {Must be exactly # characters.}}',
      { count: rules.exactLength },
    );
  }
  if (rules.maxLength !== undefined && text.length > rules.maxLength) {
    return trans(
      '{count, plural, one {Must be at most # character.} other {Must be at most # characters.}}',
      { count: rules.maxLength },
    );
  }
  if (rules.sameAs !== undefined && value !== values[rules.sameAs])
    return trans('The passwords do not match.');
  return null;
}

/** Spec 5 client-side rules: the first failing rule of each field, in the order of `rules`. */
export function validateForm(values: Record<string, unknown>, rules: TFormRules): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, fieldRules] of Object.entries(rules)) {
    const message = checkField(values[name], fieldRules, values);
    if (message) errors[name] = message;
  }
  return errors;
}
