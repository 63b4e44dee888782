import { IconButton } from '@cadence/ui/icon-button';
import { Menu, MenuItem, MenuTrigger } from '@cadence/ui/menu';
import { MoreVertical } from 'lucide-react';

export type TRowAction = {
  id: string;
  label: string;
  /** A page to open (an admin route, or a player address when `isExternal`). */
  href?: string;
  onAction?: () => void;
  isDanger?: boolean;
};

/**
 * A table row's actions behind one "more" button (react-aria Menu): arrows move, Enter runs,
 * Escape closes and gives focus back to the button.
 */
export function RowActionsMenu({ label, actions }: { label: string; actions: TRowAction[] }) {
  return (
    <MenuTrigger>
      <IconButton aria-label={label} size="sm" data-testid="row-actions">
        <MoreVertical aria-hidden />
      </IconButton>
      <Menu items={actions} aria-label={label}>
        {(action) => (
          <MenuItem
            id={action.id}
            href={action.href}
            onAction={action.onAction}
            className={action.isDanger ? 'text-danger' : undefined}
          >
            {action.label}
          </MenuItem>
        )}
      </Menu>
    </MenuTrigger>
  );
}
