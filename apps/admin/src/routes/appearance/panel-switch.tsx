import { useTrans } from '@cadence/app-shell/use-trans';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

export type TAppearancePanel = 'edit' | 'preview';

const item =
  'min-h-9 rounded-full px-3 text-sm font-medium outline-none transition-colors cursor-pointer ' +
  'data-focus-visible:ring-3 data-focus-visible:ring-focus data-selected:bg-primary data-selected:text-on-primary ' +
  'hover:bg-fg-base/5 data-selected:hover:bg-primary';

/**
 * On a phone the editor and the preview cannot share the screen (the fields got a strip of about
 * 280 px above the preview): below the `md` width one of them fills it and this switch picks which.
 */
export function PanelSwitch({
  panel,
  onChange,
}: {
  panel: TAppearancePanel;
  onChange: (panel: TAppearancePanel) => void;
}) {
  const { trans } = useTrans();
  return (
    <ToggleButtonGroup
      aria-label={trans('Show')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[panel]}
      onSelectionChange={(keys) => {
        const [next] = [...keys];
        if (next === 'edit' || next === 'preview') onChange(next);
      }}
      className="inline-flex gap-1 rounded-full bg-paper p-1 ring-1 ring-divider md:hidden"
      data-testid="appearance-panel-switch"
    >
      <ToggleButton id="edit" className={item}>
        {trans('Edit')}
      </ToggleButton>
      <ToggleButton id="preview" className={item}>
        {trans('Preview')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
