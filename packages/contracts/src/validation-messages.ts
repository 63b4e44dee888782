// Zod-free on purpose (types only): the apps can show these lines without loading zod.
import type { core } from 'zod';

/**
 * The validation lines, in the product's localization format (English source line with
 * `:placeholders`): an admin translates them like any other line, and the api and the apps
 * word the same rule the same way.
 */
export const VALIDATION_LINES = {
  required: 'The :attribute field is required.',
  string: 'The :attribute must be a string.',
  number: 'The :attribute must be a number.',
  integer: 'The :attribute must be an integer.',
  boolean: 'The :attribute field must be true or false.',
  array: 'The :attribute must be an array.',
  object: 'The :attribute must be an object.',
  email: 'The :attribute must be a valid email address.',
  url: 'The :attribute must be a valid URL.',
  date: 'The :attribute is not a valid date.',
  minString: 'The :attribute must be at least :min characters.',
  maxString: 'The :attribute may not be greater than :max characters.',
  minNumber: 'The :attribute must be at least :min.',
  maxNumber: 'The :attribute may not be greater than :max.',
  minArray: 'The :attribute must have at least :min items.',
  maxArray: 'The :attribute may not have more than :max items.',
  in: 'The selected :attribute is invalid.',
  unknownKeys: 'The :attribute field is not allowed.',
  invalid: 'The :attribute is invalid.',
} as const;

export type Translate = (line: string, values: Record<string, string | number>) => string;

const PLACEHOLDER = /:([A-Za-z_]\w*)/g;
export const untranslated: Translate = (line, values) =>
  line.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );

/** `password_confirmation` -> "password confirmation", `trackIds` -> "track ids"; the form's own words. */
export function attributeLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((segment) => typeof segment === 'string');
  if (typeof key !== 'string') return 'value';
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
}

type Issue = core.$ZodRawIssue;

function sizeLine(issue: Issue & { origin?: string }, bound: 'min' | 'max'): keyof typeof VALIDATION_LINES {
  const origin = issue.origin;
  if (origin === 'string') return bound === 'min' ? 'minString' : 'maxString';
  if (origin === 'array' || origin === 'set') return bound === 'min' ? 'minArray' : 'maxArray';
  if (origin === 'number' || origin === 'int' || origin === 'bigint')
    return bound === 'min' ? 'minNumber' : 'maxNumber';
  return 'invalid';
}

/** The readable message for one zod issue, through `translate` (the localization lines). */
export function validationMessage(issue: Issue, translate: Translate = untranslated): string {
  const attribute = attributeLabel(issue.path ?? []);
  const say = (line: keyof typeof VALIDATION_LINES, values: Record<string, string | number> = {}) =>
    translate(VALIDATION_LINES[line], { attribute, ...values });
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return say('required');
      const expected = String(issue.expected);
      if (expected === 'int') return say('integer');
      if (expected in VALIDATION_LINES) return say(expected as keyof typeof VALIDATION_LINES);
      return say('invalid');
    }
    case 'too_small': {
      const minimum = Number(issue.minimum);
      // An empty required text is "required", as a person reads it, not "at least 1 character".
      if (issue.origin === 'string' && minimum <= 1) return say('required');
      return say(sizeLine(issue, 'min'), { min: minimum });
    }
    case 'too_big':
      return say(sizeLine(issue, 'max'), { max: Number(issue.maximum) });
    case 'invalid_format': {
      const format = String(issue.format);
      if (format === 'email') return say('email');
      if (format === 'url') return say('url');
      if (format.startsWith('date') || format === 'datetime') return say('date');
      return say('invalid');
    }
    case 'invalid_value':
      return say('in');
    case 'unrecognized_keys':
      return translate(VALIDATION_LINES.unknownKeys, { attribute: (issue.keys ?? []).join(', ') });
    default:
      return say('invalid');
  }
}
