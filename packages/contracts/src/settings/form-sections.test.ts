import { describe, expect, it } from 'vitest';
import { isSettingKey, settingDefinition, settingKeys } from './catalogue';
import { SETTINGS_FORM_SECTIONS, SETTINGS_FORM_TABS } from './form-tabs';

/**
 * Issue 34: the admin's settings forms and the api's catalogue are one source. The form only
 * names keys and words; this walks both and fails where they could disagree.
 */
const placed = Object.entries(SETTINGS_FORM_SECTIONS).flatMap(([tab, sections]) =>
  (sections ?? []).flatMap((section) => section.fields.map((field) => ({ tab, field }))),
);
/** The general tab also edits the ad slots, which the ads page edits too. */
const catalogueTabsOf = (tab: string) => (tab === 'general' ? ['general', 'ads'] : [tab]);
/** Settings kept off the settings forms on purpose: each has its own page. */
const editedElsewhere = new Set(['i18n.default_localization']);

describe('the admin settings forms and the catalogue', () => {
  it('name only catalogue keys, each once, on the tab the catalogue gives it', () => {
    const keys = placed.map(({ field }) => field.key);
    expect(keys.filter((key) => !isSettingKey(key))).toEqual([]);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    for (const { tab, field } of placed)
      expect(catalogueTabsOf(tab), field.key).toContain(settingDefinition(field.key).tab);
  });

  it('show every editable setting of a settings tab', () => {
    const formTabs = new Set<string>(SETTINGS_FORM_TABS.map(([id]) => id));
    const onForm = new Set<string>(placed.map(({ field }) => field.key));
    const missing = settingKeys((d) => formTabs.has(d.tab) && !d.derived).filter(
      (key) => !onForm.has(key) && !editedElsewhere.has(key),
    );
    expect(missing).toEqual([]);
  });

  it('give each field a control that holds what its schema takes', () => {
    for (const { field } of placed) {
      const definition = settingDefinition(field.key);
      const accepts = (value: unknown) => definition.schema.safeParse(value).success;
      const name = `${field.key} (${field.kind})`;
      expect(field.kind === 'secret', name).toBe(definition.scope === 'secret');
      if (field.kind === 'switch') {
        expect(accepts(true) && accepts(false) && !accepts('yes'), name).toBe(true);
      }
      // A number control holds a number: 1, or the default where the range starts higher.
      if (field.kind === 'number' || field.kind === 'bytes')
        expect(
          accepts(1) || (typeof definition.default === 'number' && accepts(definition.default)),
          name,
        ).toBe(true);
      if (field.kind === 'email') expect(accepts('not an address'), name).toBe(false);
      if (field.kind === 'list') expect(accepts(['mp3']), name).toBe(true);
      // Text controls hold text: the default is one (or nothing yet) and passes its own schema.
      if (['text', 'textarea', 'secret', 'email'].includes(field.kind))
        expect(
          (typeof definition.default === 'string' || definition.default === null) &&
            accepts(definition.default),
          name,
        ).toBe(true);
      // A select offers exactly the values its setting takes (theme and timezone lists load at run time).
      if (field.kind === 'select' && field.options)
        for (const option of field.options)
          expect(accepts(option.value), `${name}: ${option.value}`).toBe(true);
    }
  });

  it('offer every value of a closed choice, and no reserved one', () => {
    const selects = placed.filter(({ field }) => field.kind === 'select' && field.options);
    for (const { field } of selects) {
      const definition = settingDefinition(field.key);
      const enumValues = (definition.schema as { options?: unknown[] }).options;
      if (!enumValues) continue;
      expect(field.options?.map((option) => option.value).sort(), field.key).toEqual(
        [...enumValues].map(String).sort(),
      );
    }
  });
});
