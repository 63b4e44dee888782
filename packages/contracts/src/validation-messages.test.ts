import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { attributeLabel, validationMessage } from './validation-messages';
import { installValidationMessages, translateValidationMessage } from './zod-error-map';

installValidationMessages();

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('validation messages', () => {
  const form = z.object({
    name: z.string().trim().min(1).max(255),
    email: z.email(),
    password: z.string().min(8),
    track_ids: z.array(z.number().int()).min(1).max(3),
    visibility: z.enum(['public', 'private']),
    age: z.number().min(13),
  });
  const valid = {
    name: 'A',
    email: 'a@b.co',
    password: 'long enough',
    track_ids: [1],
    visibility: 'public',
    age: 20,
  };

  it("words zod's issues the way a person reads them, with the field's label", () => {
    expect(firstMessage(form, { ...valid, name: undefined })).toBe('The name field is required.');
    expect(firstMessage(form, { ...valid, name: '   ' })).toBe('The name field is required.');
    expect(firstMessage(form, { ...valid, name: 'x'.repeat(256) })).toBe(
      'The name may not be greater than 255 characters.',
    );
    expect(firstMessage(form, { ...valid, email: 'nope' })).toBe('The email must be a valid email address.');
    expect(firstMessage(form, { ...valid, password: 'short' })).toBe(
      'The password must be at least 8 characters.',
    );
    expect(firstMessage(form, { ...valid, track_ids: [] })).toBe('The track ids must have at least 1 items.');
    expect(firstMessage(form, { ...valid, track_ids: [1, 2, 3, 4] })).toBe(
      'The track ids may not have more than 3 items.',
    );
    expect(firstMessage(form, { ...valid, visibility: 'secret' })).toBe(
      'The selected visibility is invalid.',
    );
    expect(firstMessage(form, { ...valid, age: 'old' })).toBe('The age must be a number.');
    expect(firstMessage(form, { ...valid, age: 3 })).toBe('The age must be at least 13.');
  });

  it('leaves a message a schema states itself as it is', () => {
    expect(firstMessage(z.string().min(1, 'Write something first.'), '')).toBe('Write something first.');
  });

  it('goes through the localization lines', () => {
    const lines: Record<string, string> = {
      'The :attribute field is required.': 'Le champ :attribute est obligatoire.',
    };
    const message = validationMessage(
      { code: 'invalid_type', expected: 'string', input: undefined, path: ['name'] } as never,
      (line, values) =>
        (lines[line] ?? line).replace(/:(\w+)/g, (_, key: string) => String(values[key] ?? '')),
    );
    expect(message).toBe('Le champ name est obligatoire.');
  });

  it('labels fields from their path', () => {
    expect(attributeLabel(['password_confirmation'])).toBe('password confirmation');
    expect(attributeLabel(['items', 0, 'trackIds'])).toBe('track ids');
    expect(attributeLabel([])).toBe('value');
  });

  it("translates a rendered message back through the reader's lines", () => {
    const message = firstMessage(form, { ...valid, name: 'x'.repeat(300) });
    const lines = {
      'The :attribute may not be greater than :max characters.': ':attribute : :max caractères au plus.',
      'Write something first.': "Écrivez d'abord quelque chose.",
    };
    expect(translateValidationMessage(String(message), lines)).toBe('name : 255 caractères au plus.');
    expect(translateValidationMessage('Write something first.', lines)).toBe(
      "Écrivez d'abord quelque chose.",
    );
    expect(translateValidationMessage('Untranslated line.', lines)).toBe('Untranslated line.');
  });
});
