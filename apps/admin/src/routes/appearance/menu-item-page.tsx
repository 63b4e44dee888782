import { MENU_ICON_NAMES } from '@cadence/app-shell/menu-icon';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TMenuItem } from '@cadence/contracts/menu';
import { PERMISSION_NAMES } from '@cadence/permissions/catalogue';
import { Button } from '@cadence/ui/button';
import { useNavigate, useParams } from 'react-router';
import { useAllRoles } from '../users/use-roles';
import { useAppearanceEditor } from './appearance-editor-context';
import { BackLink } from './back-link';
import { CheckInput, SectionHeader, SelectInput, TextInput } from './editor-fields';
import { MenuItemTargetField } from './menu-item-targets';
import { useUpdateMenus } from './menus-pages';

function RolesField({ item, onChange }: { item: TMenuItem; onChange: (roles: number[]) => void }) {
  const { trans } = useTrans();
  const roles = useAllRoles();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold">{trans('Roles')}</legend>
      <p className="text-xs text-muted">{trans('Only people with every checked role see the item.')}</p>
      {roles.isError && <p className="text-sm text-danger">{trans('Could not load the roles.')}</p>}
      {roles.data?.map((role) => (
        <CheckInput
          key={role.id}
          label={role.name}
          isSelected={item.roles.includes(role.id)}
          onChange={(isOn) =>
            onChange(isOn ? [...item.roles, role.id] : item.roles.filter((id) => id !== role.id))
          }
        />
      ))}
    </fieldset>
  );
}

function PermissionsField({
  item,
  onChange,
}: {
  item: TMenuItem;
  onChange: (permissions: string[]) => void;
}) {
  const { trans } = useTrans();
  return (
    <fieldset className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-panel border border-divider p-2">
      <legend className="px-1 text-sm font-semibold">{trans('Permissions')}</legend>
      <p className="text-xs text-muted">{trans('Only people with every checked permission see the item.')}</p>
      {PERMISSION_NAMES.map((name) => (
        <CheckInput
          key={name}
          label={name}
          isSelected={item.permissions.includes(name)}
          onChange={(isOn) =>
            onChange(isOn ? [...item.permissions, name] : item.permissions.filter((other) => other !== name))
          }
        />
      ))}
    </fieldset>
  );
}

/** /admin/appearance/menus/{menuIndex}/{menuItemIndex}: one item and who sees it (spec 3 and 5). */
export function MenuItemPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const params = useParams();
  const menuIndex = Number(params.menuIndex);
  const itemIndex = Number(params.menuItemIndex);
  const { draft } = useAppearanceEditor();
  const updateMenus = useUpdateMenus();
  const menu = draft.settings.menus[menuIndex];
  const item = menu?.items[itemIndex];
  const back = `/appearance/menus/${menuIndex}`;
  if (!menu || !item) {
    return (
      <>
        <BackLink to={back} />
        <p role="alert">{trans('This menu item does not exist.')}</p>
      </>
    );
  }
  const change = (edit: (item: TMenuItem) => void) =>
    updateMenus((menus) => {
      const target = menus[menuIndex]?.items[itemIndex];
      if (target) edit(target);
    });

  return (
    <div className="flex flex-col gap-4">
      <BackLink to={back} label={menu.name} />
      <SectionHeader title={item.label || trans('Menu item')} />
      <TextInput
        label={trans('Label')}
        value={item.label}
        onChange={(value) =>
          change((i) => {
            i.label = value;
          })
        }
      />
      <SelectInput
        label={trans('Type')}
        value={item.type}
        onChange={(value) =>
          change((i) => {
            i.type = value === 'link' || value === 'channel' || value === 'custom_page' ? value : 'route';
          })
        }
        options={[
          { value: 'route', label: trans('Route (a page of this site)') },
          { value: 'link', label: trans('Link (any address)') },
          { value: 'channel', label: trans('Channel') },
          { value: 'custom_page', label: trans('Custom page') },
        ]}
      />
      {item.type === 'channel' || item.type === 'custom_page' ? (
        <MenuItemTargetField
          type={item.type}
          action={item.action}
          onChange={(target) =>
            change((i) => {
              if (i.label === '' || i.label === trans('New item')) i.label = target.name;
              i.action = target.path;
            })
          }
        />
      ) : (
        <TextInput
          label={item.type === 'link' ? trans('Link') : trans('Route')}
          description={trans('{currentUser} is replaced by the id of the person viewing it.')}
          value={item.action}
          onChange={(value) =>
            change((i) => {
              i.action = value;
            })
          }
        />
      )}
      <SelectInput
        label={trans('Open in')}
        value={item.target ?? '_self'}
        onChange={(value) =>
          change((i) => {
            i.target = value;
          })
        }
        options={[
          { value: '_self', label: trans('Same window') },
          { value: '_blank', label: trans('New window') },
        ]}
      />
      <SelectInput
        label={trans('Icon')}
        value={item.icon ?? ''}
        onChange={(value) =>
          change((i) => {
            i.icon = value || null;
          })
        }
        options={[
          { value: '', label: trans('None') },
          ...MENU_ICON_NAMES.map((name) => ({ value: name, label: name })),
        ]}
      />
      <SelectInput
        label={trans('Subscription status')}
        value={item.subscriptionStatus ?? ''}
        onChange={(value) =>
          change((i) => {
            i.subscriptionStatus = value === 'subscribed' || value === 'notSubscribed' ? value : null;
          })
        }
        options={[
          { value: '', label: trans('Anyone') },
          { value: 'subscribed', label: trans('Subscribed') },
          { value: 'notSubscribed', label: trans('Not subscribed') },
        ]}
      />
      <RolesField
        item={item}
        onChange={(roles) =>
          change((i) => {
            i.roles = roles;
          })
        }
      />
      <PermissionsField
        item={item}
        onChange={(permissions) =>
          change((i) => {
            i.permissions = permissions;
          })
        }
      />
      <div>
        <Button
          size="sm"
          variant="outline"
          onPress={() => {
            updateMenus((menus) => void menus[menuIndex]?.items.splice(itemIndex, 1));
            navigate(back);
          }}
        >
          {trans('Delete item')}
        </Button>
      </div>
    </div>
  );
}
