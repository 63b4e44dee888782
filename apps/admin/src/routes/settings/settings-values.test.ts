import { settingDefinition } from '@cadence/contracts/settings/catalogue';
import { SETTINGS_FORM_SECTIONS } from '@cadence/contracts/settings/form-tabs';
import type { TSettingsResponse } from '@cadence/contracts/settings-api';
import { describe, expect, it } from 'vitest';
import { formDefaults, setPath, tabSchema } from './settings-values';

const data: TSettingsResponse = {
  server: {},
  client: {},
  env: {},
  mail: { is_setup: true, is_url_override: false },
};
const texts = ['', 'a', ...[51, 101, 256, 1001, 2001, 5001, 20_001, 100_001].map((n) => 'x'.repeat(n))];
const numbers = [-1, 0, 1, 100, 101, 65_535, 65_536, 36_501];

/** Whether the tab's form refuses `value` in `key` (an issue on that field, not elsewhere). */
function formRefuses(
  sections: NonNullable<(typeof SETTINGS_FORM_SECTIONS)['general']>,
  key: string,
  value: unknown,
) {
  const values = formDefaults(data, sections);
  setPath(values, key, value);
  const result = tabSchema(data, sections).safeParse(values);
  return !result.success && result.error.issues.some((issue) => issue.path.join('.') === key);
}

describe('the settings forms check what the api checks', () => {
  it('refuses exactly the text and numbers the catalogue refuses, field by field', () => {
    for (const sections of Object.values(SETTINGS_FORM_SECTIONS)) {
      for (const field of sections.flatMap((section) => section.fields)) {
        const schema = settingDefinition(field.key).schema;
        const samples = ['text', 'textarea', 'secret', 'email'].includes(field.kind)
          ? texts
          : field.kind === 'number' || field.kind === 'bytes'
            ? numbers
            : [];
        for (const value of samples)
          expect(
            formRefuses(sections, field.key, value),
            `${field.key} = ${String(value).slice(0, 12)}`,
          ).toBe(!schema.safeParse(value).success);
      }
    }
  });
});
