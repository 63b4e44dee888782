import { changeLanguage } from '@cadence/app-shell/language';
import { reportError } from '@cadence/app-shell/report-error';
import { useBootstrapData } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { MenuItem, MenuPopover } from '@cadence/ui/menu';
import type { MenuButtonMenuProps } from '@cadence/ui/menu-button';

/** The language list (its own chunk, react-aria), opened by LanguagePicker's light trigger. */
export default function LanguageMenu({ 'aria-labelledby': _labelledBy, ...props }: MenuButtonMenuProps) {
  const { trans } = useTrans();
  const { localizations, i18n } = useBootstrapData();
  return (
    <MenuPopover
      {...props}
      aria-label={trans('Language')}
      selectionMode="single"
      selectedKeys={[i18n.language]}
      placement="top"
      onAction={(language) => changeLanguage(String(language)).catch(reportError)}
    >
      {localizations.map((localization) => (
        <MenuItem key={localization.language} id={localization.language}>
          {localization.name}
        </MenuItem>
      ))}
    </MenuPopover>
  );
}
