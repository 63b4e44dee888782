import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TGrantPayload } from '@cadence/contracts/admin-users';
import { offeredPermissions, PERMISSION_GROUPS, type TPermissionEntry } from '@cadence/permissions/catalogue';
import { useId } from 'react';

type Props = {
  value: TGrantPayload[];
  onChange: (grants: TGrantPayload[]) => void;
  /** The form's error for a grant (`permissions.3.restrictions.0.value`), shown beside it. */
  errorFor?: (path: string) => string | undefined;
  label: string;
};

function RestrictionInput({
  grant,
  index,
  definition,
  onChange,
  error,
}: {
  grant: TGrantPayload;
  index: number;
  definition: TPermissionEntry['restrictions'][number];
  onChange: (value: number | null) => void;
  error?: string;
}) {
  const id = useId();
  const current = grant.restrictions?.find((item) => item.name === definition.name)?.value ?? null;
  if (definition.type === 'bool') {
    return (
      <label className="flex items-start gap-2 text-sm" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={current === 1}
          onChange={(event) => onChange(event.target.checked ? 1 : null)}
        />
        <span>
          {definition.name} <span className="block text-xs text-muted">{definition.description}</span>
        </span>
      </label>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm">
        {definition.name}
      </label>
      <input
        id={id}
        type="number"
        min={0}
        inputMode="numeric"
        name={`permissions.${index}.restrictions.${definition.name}`}
        value={current ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        className="h-9 w-40 rounded-input border border-divider bg-transparent px-2 text-sm outline-none focus:border-primary focus:ring-3 focus:ring-focus aria-invalid:border-danger"
      />
      <span id={`${id}-help`} className="text-xs text-muted">
        {error ?? definition.description}
      </span>
    </div>
  );
}

/**
 * The permission catalogue grouped by area: a checkbox per permission, its restriction values
 * (quotas) once granted, the advanced ones folded away. Edits a list of grants.
 */
export function PermissionsEditor({ value, onChange, errorFor, label }: Props) {
  const { trans } = useTrans();
  const settings = useSettings();
  const catalogue = offeredPermissions({ billingEnabled: settings.billing.enable });
  const indexOf = (name: string) => value.findIndex((grant) => grant.name === name);

  function toggle(entry: TPermissionEntry, on: boolean) {
    if (on) onChange([...value, { name: entry.name, restrictions: [] }]);
    else onChange(value.filter((grant) => grant.name !== entry.name));
  }
  function setRestriction(name: string, restriction: string, next: number | null) {
    onChange(
      value.map((grant) =>
        grant.name !== name
          ? grant
          : {
              ...grant,
              restrictions: [
                ...(grant.restrictions ?? []).filter((item) => item.name !== restriction),
                ...(next === null ? [] : [{ name: restriction, value: next }]),
              ],
            },
      ),
    );
  }

  function renderEntry(entry: TPermissionEntry) {
    const index = indexOf(entry.name);
    const grant = index >= 0 ? value[index] : undefined;
    return (
      <li key={entry.name} className="flex flex-col gap-2 py-2">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={!!grant}
            onChange={(event) => toggle(entry, event.target.checked)}
            data-permission={entry.name}
          />
          <span>
            <span className="font-medium">{trans(entry.displayName)}</span>{' '}
            <code className="text-xs text-muted">{entry.name}</code>
            <span className="block text-xs text-muted">{trans(entry.description)}</span>
          </span>
        </label>
        {errorFor?.(`permissions.${index}.name`) && (
          <p className="pl-6 text-xs text-danger">{errorFor(`permissions.${index}.name`)}</p>
        )}
        {grant && entry.restrictions.length > 0 && (
          <div className="flex flex-wrap gap-4 pl-6">
            {entry.restrictions.map((definition, r) => (
              <RestrictionInput
                key={definition.name}
                grant={grant}
                index={index}
                definition={definition}
                onChange={(next) => setRestriction(entry.name, definition.name, next)}
                error={errorFor?.(`permissions.${index}.restrictions.${r}.value`)}
              />
            ))}
          </div>
        )}
      </li>
    );
  }

  const groups = Object.entries(PERMISSION_GROUPS)
    .map(([group, groupLabel]) => ({
      group,
      label: groupLabel,
      entries: catalogue.filter((entry) => entry.group === group),
    }))
    .filter((group) => group.entries.length > 0);

  return (
    <fieldset className="flex flex-col gap-3" data-testid="permissions-editor">
      <legend className="pb-2 text-base font-semibold">{label}</legend>
      {groups.map(({ group, label: groupLabel, entries }) => {
        const basic = entries.filter((entry) => !entry.advanced);
        const advanced = entries.filter((entry) => entry.advanced);
        return (
          <section
            key={group}
            className="rounded-panel border border-divider px-4 py-2"
            aria-label={trans(groupLabel)}
          >
            <h3 className="pt-1 text-sm font-semibold">{trans(groupLabel)}</h3>
            <ul className="divide-y divide-divider">{basic.map(renderEntry)}</ul>
            {advanced.length > 0 && (
              <details open={advanced.some((entry) => indexOf(entry.name) >= 0) || undefined}>
                <summary className="cursor-pointer py-2 text-sm text-primary">{trans('Advanced')}</summary>
                <ul className="divide-y divide-divider">{advanced.map(renderEntry)}</ul>
              </details>
            )}
          </section>
        );
      })}
    </fieldset>
  );
}
