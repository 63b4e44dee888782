import type { TSettingKey } from './catalogue';

/**
 * What each settings tab of the admin shows, with each setting's label and help text. Keys are
 * the catalogue's (a misspelt one does not compile); type, default and limits come from the
 * catalogue, never from here. form-sections.test.ts checks both halves agree.
 */
export type TFieldKind =
  | 'switch'
  | 'select'
  | 'text'
  | 'email'
  | 'number'
  | 'bytes'
  | 'textarea'
  | 'secret'
  | 'list'
  /** A structured value (list of objects, menu item) edited by a tab's own editor. */
  | 'json';

export type TSettingField = {
  key: TSettingKey;
  label: string;
  help?: string;
  kind: TFieldKind;
  options?: { value: string; label: string }[];
  rows?: number;
};

export type TSettingsSection = { title?: string; description?: string; fields: TSettingField[] };

/** A field's option list from [value, label] pairs. */
export const opts = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

const fieldOf =
  (kind: TFieldKind) =>
  (key: TSettingKey, label: string, help?: string): TSettingField => ({
    key,
    label,
    kind,
    ...(help ? { help } : {}),
  });

export const textField = fieldOf('text');
export const secretField = fieldOf('secret');
export const toggle = fieldOf('switch');
