import type { TWorkspace } from '@cadence/contracts/workspace';
import { DEFAULT_WORKSPACE } from '@cadence/contracts/workspace-cookie';
import { MenuItem, MenuPopover, MenuSeparator } from '@cadence/ui/menu';
import type { MenuButtonMenuProps } from '@cadence/ui/menu-button';
import CheckIcon from 'lucide-react/icons/check';
import SettingsIcon from 'lucide-react/icons/settings';
import { useOpenAppLink } from '../app-link';
import { useTrans } from '../use-trans';
import { switchWorkspace } from './workspace-queries';

type Props = MenuButtonMenuProps & { workspaces: TWorkspace[]; activeId: number };

/** The switcher's items (their own chunk, react-aria): Default, each workspace, then management. */
export default function WorkspaceSwitcherItems({ workspaces, activeId, ...props }: Props) {
  const { trans } = useTrans();
  const openAppLink = useOpenAppLink();
  const choices = [{ id: DEFAULT_WORKSPACE.id, name: trans(DEFAULT_WORKSPACE.name) }, ...workspaces];
  return (
    <MenuPopover {...props}>
      {choices.map((workspace) => (
        <MenuItem
          key={workspace.id}
          textValue={workspace.name}
          onAction={() => workspace.id !== activeId && switchWorkspace(workspace.id)}
          icon={
            workspace.id === activeId ? (
              <CheckIcon aria-label={trans('Active')} />
            ) : (
              <span aria-hidden className="size-4" />
            )
          }
        >
          {workspace.name}
        </MenuItem>
      ))}
      <MenuSeparator />
      <MenuItem onAction={() => openAppLink('/workspaces')} icon={<SettingsIcon />}>
        {trans('Manage workspaces')}
      </MenuItem>
    </MenuPopover>
  );
}
