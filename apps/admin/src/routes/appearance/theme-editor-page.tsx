import { useTrans } from '@cadence/app-shell/use-trans';
import type { TTheme } from '@cadence/contracts/theme';
import { useEffect, useId } from 'react';
import { Link, useParams } from 'react-router';
import { useAppearanceEditor } from './appearance-editor-context';
import { BackLink } from './back-link';
import { CheckInput, SectionHeader, SelectInput, TextInput } from './editor-fields';
import {
  channelsToHex,
  FONT_CHOICES,
  FONT_VARIABLE,
  hexToChannels,
  RADIUS_CHOICES,
  RADIUS_VARIABLES,
  variableLabel,
} from './theme-values';

/** The theme at `:themeIndex`, shown in the preview while it is edited. */
function useEditedTheme(): { theme: TTheme | undefined; index: number } {
  const { themeIndex } = useParams();
  const index = Number(themeIndex);
  const { draft, send } = useAppearanceEditor();
  const theme = draft.themes[index];
  const themeId = theme?.id;
  useEffect(() => {
    if (themeId !== undefined) send({ type: 'setActiveTheme', themeId });
  }, [themeId, send]);
  return { theme, index };
}

function useSetValue(index: number) {
  const { update } = useAppearanceEditor();
  return (name: string, value: string) =>
    update(
      (next) => {
        const theme = next.themes[index];
        if (theme) theme.values[name] = value;
      },
      (next) => ({ type: 'setThemeValue', themeId: next.themes[index]?.id ?? 0, name, value }),
    );
}

function ColorInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="color"
        value={channelsToHex(value) ?? '#000000'}
        onChange={(event) => onChange(hexToChannels(event.target.value))}
        className="h-8 w-12 cursor-pointer rounded border border-divider bg-transparent"
        data-variable={name}
      />
      <label htmlFor={id} className="flex-1 text-sm">
        {variableLabel(name)}
      </label>
      <span className="font-mono text-xs text-muted">{channelsToHex(value)}</span>
    </div>
  );
}

function NotFound() {
  const { trans } = useTrans();
  return (
    <>
      <BackLink to="/appearance/themes" />
      <p role="alert">{trans('This theme does not exist.')}</p>
    </>
  );
}

/** /admin/appearance/themes/{themeIndex}: name, kind and every style variable. */
export function ThemeEditorPage() {
  const { trans } = useTrans();
  const { update } = useAppearanceEditor();
  const { theme, index } = useEditedTheme();
  const setValue = useSetValue(index);
  if (!theme) return <NotFound />;
  const entries = Object.entries(theme.values).filter(
    ([name]) => name !== FONT_VARIABLE && !(RADIUS_VARIABLES as readonly string[]).includes(name),
  );
  const colors = entries.filter(([, value]) => channelsToHex(value) !== null);
  const others = entries.filter(([, value]) => channelsToHex(value) === null);
  const setMeta = (change: (theme: TTheme) => void) =>
    update(
      (next) => {
        const edited = next.themes[index];
        if (edited) change(edited);
      },
      (next) => ({ type: 'setValues', values: { themes: next.themes } }),
    );

  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance/themes" label={trans('Themes')} />
      <SectionHeader title={theme.name} />
      <TextInput
        label={trans('Name')}
        value={theme.name}
        onChange={(value) =>
          setMeta((t) => {
            t.name = value;
          })
        }
      />
      <CheckInput
        label={trans('Dark theme')}
        isSelected={theme.is_dark}
        onChange={(value) =>
          setMeta((t) => {
            t.is_dark = value;
          })
        }
      />
      <nav aria-label={trans('Theme sections')} className="flex gap-4 text-sm">
        <Link to="font" className="underline">
          {trans('Font')}
        </Link>
        <Link to="radius" className="underline">
          {trans('Radius')}
        </Link>
      </nav>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{trans('Colors')}</legend>
        {colors.map(([name, value]) => (
          <ColorInput key={name} name={name} value={value} onChange={(next) => setValue(name, next)} />
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{trans('Other values')}</legend>
        {others.map(([name, value]) => (
          <TextInput
            key={name}
            label={variableLabel(name)}
            value={value}
            onChange={(next) => setValue(name, next)}
          />
        ))}
      </fieldset>
    </div>
  );
}

/** /admin/appearance/themes/{themeIndex}/font */
export function ThemeFontPage() {
  const { trans } = useTrans();
  const { update } = useAppearanceEditor();
  const { theme, index } = useEditedTheme();
  if (!theme) return <NotFound />;
  const current = theme.values[FONT_VARIABLE] ?? '';
  const known = FONT_CHOICES.some((choice) => choice.value === current);
  const setFont = (fontFamily: string) =>
    update(
      (next) => {
        const edited = next.themes[index];
        if (edited) edited.values[FONT_VARIABLE] = fontFamily;
      },
      { type: 'setThemeFont', themeId: theme.id, fontFamily },
    );
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={`/appearance/themes/${index}`} label={theme.name} />
      <SectionHeader title={trans('Font')} />
      <SelectInput
        label={trans('Font family')}
        value={current}
        onChange={setFont}
        options={[
          ...(known ? [] : [{ value: current, label: current || trans('Default') }]),
          ...FONT_CHOICES.map((choice) => ({ value: choice.value, label: choice.label })),
        ]}
      />
      <p className="text-sm text-muted" style={{ fontFamily: current }}>
        {trans('The quick brown fox jumps over the lazy dog.')}
      </p>
    </div>
  );
}

/** /admin/appearance/themes/{themeIndex}/radius */
export function ThemeRadiusPage() {
  const { trans } = useTrans();
  const { theme, index } = useEditedTheme();
  const setValue = useSetValue(index);
  if (!theme) return <NotFound />;
  const labels: Record<(typeof RADIUS_VARIABLES)[number], string> = {
    '--be-button-radius': trans('Button radius'),
    '--be-input-radius': trans('Input radius'),
    '--be-panel-radius': trans('Panel radius'),
  };
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={`/appearance/themes/${index}`} label={theme.name} />
      <SectionHeader title={trans('Radius')} />
      {RADIUS_VARIABLES.map((name) => {
        const value = theme.values[name] ?? '0.5rem';
        const known = RADIUS_CHOICES.some((choice) => choice.value === value);
        return (
          <SelectInput
            key={name}
            label={labels[name]}
            value={value}
            onChange={(next) => setValue(name, next)}
            options={[
              ...(known ? [] : [{ value, label: value }]),
              ...RADIUS_CHOICES.map((choice) => ({ value: choice.value, label: trans(choice.label) })),
            ]}
          />
        );
      })}
    </div>
  );
}
