import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { Checkbox } from '@cadence/ui/checkbox';
import { TextField } from '@cadence/ui/text-field';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { TCustomEditor } from './settings-tab-form';

type TLink = { label: string; type: 'link' | 'route'; action: string };
type TPolicy = TLink & { id: string };
type TArtistTab = { id: number; active: boolean };

function LinkTypeSelect({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (v: TLink['type']) => void;
  label: string;
}) {
  const { trans } = useTrans();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as TLink['type'])}
        className="h-10 rounded-input border border-divider bg-paper px-2 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus"
      >
        <option value="link">{trans('Link (full address)')}</option>
        <option value="route">{trans('Route (page of this site)')}</option>
      </select>
    </div>
  );
}

function Group({
  label,
  description,
  children,
}: {
  label: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-panel border border-divider p-4">
      <legend className="px-1 text-sm font-medium">{label}</legend>
      {description && <p className="text-xs text-muted">{description}</p>}
      {children}
    </fieldset>
  );
}

/** `cookie_notice.button`: a link in the cookie notice (none when its label is empty). */
export const CookieButtonEditor: TCustomEditor = ({ name, label, description }) => (
  <CookieButton {...{ name, label, description }} />
);

function CookieButton({ name, label, description }: { name: string; label: string; description?: string }) {
  const { trans } = useTrans();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const value: TLink = { label: '', type: 'route', action: '', ...(field.value ?? {}) };
  const change = (patch: Partial<TLink>) => {
    const next = { ...value, ...patch };
    field.onChange(next.label.trim() || next.action.trim() ? next : null);
  };
  return (
    <Group label={label} description={description}>
      <TextField label={trans('Link label')} value={value.label} onChange={(v) => change({ label: v })} />
      <LinkTypeSelect label={trans('Link type')} value={value.type} onChange={(type) => change({ type })} />
      <TextField label={trans('Link address')} value={value.action} onChange={(v) => change({ action: v })} />
    </Group>
  );
}

/** `registration.policies`: required checkboxes on the sign-up form. */
export const PoliciesEditor: TCustomEditor = ({ name, label, description }) => (
  <Policies {...{ name, label, description }} />
);

function Policies({ name, label, description }: { name: string; label: string; description?: string }) {
  const { trans } = useTrans();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const policies: TPolicy[] = Array.isArray(field.value) ? field.value : [];
  const update = (index: number, patch: Partial<TPolicy>) =>
    field.onChange(policies.map((policy, i) => (i === index ? { ...policy, ...patch } : policy)));
  return (
    <Group label={label} description={description}>
      {policies.length === 0 && <p className="text-sm text-muted">{trans('No policies yet.')}</p>}
      <ol className="flex flex-col gap-4">
        {policies.map((policy, index) => (
          <li key={policy.id} className="flex flex-col gap-2 border-b border-divider pb-4">
            <TextField
              label={trans('Policy :number label', { number: String(index + 1) })}
              value={policy.label}
              onChange={(v) => update(index, { label: v })}
            />
            <LinkTypeSelect
              label={trans('Link type')}
              value={policy.type}
              onChange={(type) => update(index, { type })}
            />
            <TextField
              label={trans('Link address')}
              value={policy.action}
              onChange={(v) => update(index, { action: v })}
            />
            <div>
              <Button
                variant="outline"
                size="sm"
                onPress={() => field.onChange(policies.filter((_, i) => i !== index))}
              >
                {trans('Remove policy')}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button
          variant="outline"
          size="sm"
          onPress={() =>
            field.onChange([
              ...policies,
              { id: Math.random().toString(36).slice(2, 8), label: '', type: 'route', action: '' },
            ])
          }
        >
          {trans('Add policy')}
        </Button>
      </div>
    </Group>
  );
}

const ARTIST_TAB_NAMES: Record<number, string> = {
  1: 'Discography',
  2: 'Similar artists',
  3: 'About',
  4: 'Tracks',
  5: 'Albums',
  6: 'Followers',
};

/** `artist_page.tabs`: which tabs artist pages show, and their order. */
export const ArtistTabsEditor: TCustomEditor = ({ name, label, description }) => (
  <ArtistTabs {...{ name, label, description }} />
);

function ArtistTabs({ name, label, description }: { name: string; label: string; description?: string }) {
  const { trans } = useTrans();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const tabs: TArtistTab[] = Array.isArray(field.value) ? field.value : [];
  const move = (index: number, by: number) => {
    const next = [...tabs];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    field.onChange(next);
  };
  return (
    <Group label={label} description={description}>
      <ol className="flex flex-col gap-2">
        {tabs.map((tab, index) => {
          const tabName = trans(ARTIST_TAB_NAMES[tab.id] ?? `#${tab.id}`);
          return (
            <li key={tab.id} className="flex flex-wrap items-center gap-2">
              <Checkbox
                className="min-w-40 flex-1"
                isSelected={tab.active}
                onChange={(active) =>
                  field.onChange(tabs.map((item) => (item.id === tab.id ? { ...item, active } : item)))
                }
              >
                {tabName}
              </Checkbox>
              <Button
                variant="outline"
                size="sm"
                isDisabled={index === 0}
                aria-label={trans('Move :name up', { name: tabName })}
                onPress={() => move(index, -1)}
              >
                {trans('Up')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                isDisabled={index === tabs.length - 1}
                aria-label={trans('Move :name down', { name: tabName })}
                onPress={() => move(index, 1)}
              >
                {trans('Down')}
              </Button>
            </li>
          );
        })}
      </ol>
    </Group>
  );
}
