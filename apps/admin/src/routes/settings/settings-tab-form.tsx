import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormCheckbox, FormSelect, FormTextarea, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TSettingField, TSettingsSection } from '@cadence/contracts/settings/form-sections';
import type { TSaveSettingsResponse, TSettingsResponse } from '@cadence/contracts/settings-api';
import { apiClient } from '@cadence/http-client/http-client';
import { HttpError, isHttpError } from '@cadence/http-client/http-error';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SETTINGS_QUERY_KEY } from './settings-queries';
import { formDefaults, isLocked, settingValue, tabSchema, toPayload } from './settings-values';

type TOptions = { value: string; label: string }[];

export type TCustomEditor = (props: { name: string; label: string; description?: string }) => ReactNode;

function SettingField({
  field,
  data,
  options,
  editor,
}: {
  field: TSettingField;
  data: TSettingsResponse;
  options?: TOptions;
  editor?: TCustomEditor;
}) {
  const { trans } = useTrans();
  const locked = isLocked(data, field.key);
  const variable = data.env[field.key]?.variable;
  const source =
    variable &&
    (locked
      ? trans('Set with the :variable environment variable.', { variable })
      : trans('Stored by the site; the :variable environment variable overrides it.', { variable }));
  const help = [field.help ? trans(field.help) : null, source].filter(Boolean).join(' ');
  const description = help || undefined;
  const label = trans(field.label);
  switch (field.kind) {
    case 'json':
      return editor ? editor({ name: field.key, label, description }) : null;
    case 'switch':
      return <FormCheckbox name={field.key} label={label} description={description} isDisabled={locked} />;
    case 'textarea':
      return <FormTextarea name={field.key} label={label} description={description} rows={field.rows ?? 3} />;
    case 'select': {
      const current = settingValue(data, field.key);
      const choices = (options ?? field.options ?? []).map((option) => ({
        value: option.value,
        label: trans(option.label),
      }));
      // A value set outside the form (an env variable) still shows as itself.
      if (current !== null && current !== undefined && !choices.some((o) => o.value === String(current)))
        choices.unshift({ value: String(current), label: String(current) });
      return (
        <FormSelect
          name={field.key}
          label={label}
          description={description}
          isDisabled={locked}
          options={choices}
        />
      );
    }
    default:
      return (
        <FormTextField
          name={field.key}
          label={label}
          description={description}
          isDisabled={locked}
          type={
            field.kind === 'secret'
              ? 'password'
              : field.kind === 'number' || field.kind === 'bytes'
                ? 'number'
                : field.kind === 'email'
                  ? 'email'
                  : 'text'
          }
          autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
        />
      );
  }
}

/** A group's refusal (`mail_group`, `billing_group`...): what the check found, for the top of the tab. */
const isGroupKey = (key: string) => key.endsWith('_group');

/**
 * Takes the group's message out of a refused save: the tab shows it at its top and the rest
 * (the failing field's own message) goes on to the form, which puts it on its field.
 */
function splitGroupError(error: unknown): { groupMessage: string | null; error: unknown } {
  if (!isHttpError(error)) return { groupMessage: null, error };
  const group = Object.entries(error.fieldErrors).find(([key]) => isGroupKey(key));
  if (!group) return { groupMessage: null, error };
  const errors = Object.fromEntries(Object.entries(error.errors).filter(([key]) => !isGroupKey(key)));
  return {
    groupMessage: group[1],
    error: new HttpError({
      status: error.status,
      message: error.message,
      errors,
      debug: error.debug,
      cause: error,
    }),
  };
}

/**
 * One settings tab: its sections and fields in one form, saved together. Env-level settings are
 * read-only when the environment sets them; secrets show masked and stay unchanged unless typed.
 */
export function SettingsTabForm({
  data,
  sections,
  options = {},
  notice,
  editors = {},
  submitLabel,
  successMessage,
}: {
  data: TSettingsResponse;
  sections: TSettingsSection[];
  /** Choices loaded at run time (themes, timezones, languages), by setting key. */
  options?: Record<string, TOptions>;
  notice?: ReactNode;
  /** Editors of `json` fields (lists of objects, menu items), by setting key. */
  editors?: Record<string, TCustomEditor>;
  submitLabel?: string;
  successMessage?: string;
}) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const hasEditable = sections.some((section) => section.fields.some((field) => !isLocked(data, field.key)));
  const [groupError, setGroupError] = useState<string | null>(null);
  const adminForm = useAdminForm({
    schema: tabSchema(data, sections),
    defaultValues: formDefaults(data, sections),
    submit: async (values) => {
      setGroupError(null);
      try {
        return await apiClient.post<TSaveSettingsResponse>(
          'settings',
          toPayload(data, sections, values as Record<string, unknown>),
        );
      } catch (caught) {
        const { groupMessage, error } = splitGroupError(caught);
        setGroupError(groupMessage);
        throw error;
      }
    },
    successMessage: successMessage ?? trans('Saved settings'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
  return (
    <AdminForm adminForm={adminForm} className="flex max-w-2xl flex-col gap-8">
      {groupError && (
        <div role="alert" className="rounded-panel border border-danger bg-danger/10 p-3 text-sm">
          <p className="font-semibold">{trans('Could not persist settings.')}</p>
          <p>{groupError}</p>
        </div>
      )}
      {notice}
      {sections.map((section, index) => (
        <fieldset key={section.title ?? section.fields[0]?.key ?? index} className="flex flex-col gap-4">
          {section.title && <legend className="mb-2 text-lg font-semibold">{trans(section.title)}</legend>}
          {section.description && <p className="text-sm text-muted">{trans(section.description)}</p>}
          {section.fields.map((field) => (
            <SettingField
              key={field.key}
              field={field}
              data={data}
              options={options[field.key]}
              editor={editors[field.key]}
            />
          ))}
        </fieldset>
      ))}
      {hasEditable && (
        <div>
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      )}
      {!hasEditable && (
        <p className="text-sm text-muted">
          {trans(
            'These settings are chosen when the server starts: set their environment variables and restart.',
          )}
        </p>
      )}
    </AdminForm>
  );
}
