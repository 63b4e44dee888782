import { useTrans } from '@cadence/app-shell/use-trans';
import type { TTheme } from '@cadence/contracts/theme';
import { Button } from '@cadence/ui/button';
import { Link } from 'react-router';
import { type TDraft, useAppearanceEditor } from './appearance-editor-context';
import { BackLink } from './back-link';
import { CheckInput, SectionHeader, SelectInput } from './editor-fields';

function nextTempId(themes: TTheme[]): number {
  return Math.min(0, ...themes.map((theme) => theme.id)) - 1;
}

const themesMessage = (draft: TDraft) => ({ type: 'setValues' as const, values: { themes: draft.themes } });

/** /admin/appearance/themes: the list, with create, duplicate, delete and the site defaults. */
export function ThemesPage() {
  const { trans } = useTrans();
  const { draft, update } = useAppearanceEditor();
  const { themes } = draft;
  const settings = draft.settings.themes;

  const add = (source: TTheme | undefined, name: string) =>
    update((next) => {
      const base = source ?? next.themes[0];
      next.themes.push({
        id: nextTempId(next.themes),
        name,
        is_dark: base?.is_dark ?? false,
        default_light: false,
        default_dark: false,
        values: { ...(base?.values ?? {}) },
      });
    }, themesMessage);

  const remove = (index: number) =>
    update((next) => {
      const [removed] = next.themes.splice(index, 1);
      if (removed && next.settings.themes.default_id === removed.id) next.settings.themes.default_id = 0;
    }, themesMessage);

  const makeDefault = (index: number, flag: 'default_light' | 'default_dark') =>
    update((next) => {
      next.themes.forEach((theme, position) => {
        theme[flag] = position === index;
      });
    }, themesMessage);

  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance" />
      <SectionHeader title={trans('Themes')}>
        <Button size="sm" variant="outline" onPress={() => add(undefined, trans('New theme'))}>
          {trans('New theme')}
        </Button>
      </SectionHeader>
      <SelectInput
        label={trans('Default theme')}
        description={trans('For visitors who have not chosen one.')}
        value={String(settings.default_id)}
        onChange={(value) =>
          update((next) => {
            next.settings.themes.default_id = Number(value);
          })
        }
        options={[
          { value: '0', label: trans('System (light or dark)') },
          ...themes
            .filter((theme) => theme.id > 0)
            .map((theme) => ({ value: String(theme.id), label: theme.name })),
        ]}
      />
      <CheckInput
        label={trans('Users may change theme')}
        isSelected={settings.user_change}
        onChange={(value) =>
          update(
            (next) => {
              next.settings.themes.user_change = value;
            },
            { type: 'setValues', values: { settings: { themes: { user_change: value } } } },
          )
        }
      />
      <ul className="flex flex-col gap-2" aria-label={trans('Themes')}>
        {themes.map((theme, index) => (
          <li key={theme.id} className="flex flex-col gap-2 rounded-panel border border-divider bg-paper p-3">
            <div className="flex items-center gap-2">
              <span
                aria-hidden
                className="size-6 rounded-full border border-divider"
                style={{ background: `rgb(${theme.values['--be-primary'] ?? '0 0 0'})` }}
              />
              <Link to={`/appearance/themes/${index}`} className="flex-1 font-medium underline">
                {theme.name}
              </Link>
              {theme.default_light && <span className="text-xs text-muted">{trans('Default light')}</span>}
              {theme.default_dark && <span className="text-xs text-muted">{trans('Default dark')}</span>}
            </div>
            <div className="flex flex-wrap gap-1">
              <Button
                size="xs"
                variant="outline"
                onPress={() => add(theme, trans('Copy of :name', { name: theme.name }))}
              >
                {trans('Duplicate')}
              </Button>
              <Button
                size="xs"
                variant="outline"
                isDisabled={theme.default_light}
                onPress={() => makeDefault(index, 'default_light')}
              >
                {trans('Make default light')}
              </Button>
              <Button
                size="xs"
                variant="outline"
                isDisabled={theme.default_dark}
                onPress={() => makeDefault(index, 'default_dark')}
              >
                {trans('Make default dark')}
              </Button>
              <Button
                size="xs"
                variant="outline"
                isDisabled={themes.length <= 1}
                onPress={() => remove(index)}
                aria-label={trans('Delete :name', { name: theme.name })}
              >
                {trans('Delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
