import { MenuIcon } from '@cadence/app-shell/menu-icon';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TMenu, TMenuItem } from '@cadence/contracts/menu';
import { Button } from '@cadence/ui/button';
import { Link, useNavigate, useParams } from 'react-router';
import { type TDraft, useAppearanceEditor } from './appearance-editor-context';
import { BackLink } from './back-link';
import { CheckInput, SectionHeader, TextInput } from './editor-fields';
import { ALL_MENU_POSITIONS, randomId } from './menu-positions';
import { moveItem, SortableList } from './sortable-list';

const menusMessage = (draft: TDraft) => ({
  type: 'setValues' as const,
  values: { menus: draft.settings.menus },
});

/** Changes the menus (draft and preview). */
export function useUpdateMenus() {
  const { update } = useAppearanceEditor();
  return (change: (menus: TMenu[]) => void) => update((next) => change(next.settings.menus), menusMessage);
}

/** /admin/appearance/menus */
export function MenusPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { draft } = useAppearanceEditor();
  const updateMenus = useUpdateMenus();
  const menus = draft.settings.menus;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance" />
      <SectionHeader title={trans('Menus')}>
        <Button
          size="sm"
          variant="outline"
          onPress={() => {
            updateMenus((all) => {
              all.push({ id: randomId(), name: trans('New menu'), positions: [], items: [] });
            });
            navigate(`/appearance/menus/${menus.length}`);
          }}
        >
          {trans('New menu')}
        </Button>
      </SectionHeader>
      <ul className="flex flex-col gap-1" aria-label={trans('Menus')}>
        {menus.map((menu, index) => (
          <li key={menu.id}>
            <Link
              to={`/appearance/menus/${index}`}
              className="flex flex-col rounded-panel border border-divider bg-paper px-4 py-3 hover:border-primary"
            >
              <span className="font-medium">{menu.name}</span>
              <span className="text-xs text-muted">
                {menu.positions.length ? menu.positions.join(', ') : trans('Not placed')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MissingMenu() {
  const { trans } = useTrans();
  return (
    <>
      <BackLink to="/appearance/menus" />
      <p role="alert">{trans('This menu does not exist.')}</p>
    </>
  );
}

/** /admin/appearance/menus/{menuIndex}: name, positions and the ordered items. */
export function MenuEditorPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const menuIndex = Number(useParams().menuIndex);
  const { draft } = useAppearanceEditor();
  const updateMenus = useUpdateMenus();
  const menu = draft.settings.menus[menuIndex];
  if (!menu) return <MissingMenu />;
  const change = (edit: (menu: TMenu) => void) =>
    updateMenus((menus) => {
      const target = menus[menuIndex];
      if (target) edit(target);
    });
  const reorder = (items: TMenuItem[]) => items.map((item, order) => ({ ...item, order }));

  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance/menus" label={trans('Menus')} />
      <SectionHeader title={menu.name} />
      <TextInput
        label={trans('Name')}
        value={menu.name}
        onChange={(value) =>
          change((m) => {
            m.name = value;
          })
        }
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold">{trans('Positions')}</legend>
        {ALL_MENU_POSITIONS.map((position) => (
          <CheckInput
            key={position}
            label={position}
            isSelected={menu.positions.includes(position)}
            onChange={(isOn) =>
              change((m) => {
                m.positions = isOn ? [...m.positions, position] : m.positions.filter((p) => p !== position);
              })
            }
          />
        ))}
      </fieldset>
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{trans('Items')}</h2>
        <Button
          size="xs"
          variant="outline"
          onPress={() => {
            change((m) => {
              m.items = reorder([
                ...m.items,
                {
                  id: randomId(),
                  label: trans('New item'),
                  type: 'route',
                  action: '/',
                  target: '_self',
                  icon: null,
                  roles: [],
                  permissions: [],
                  settings: {},
                  subscriptionStatus: null,
                  order: m.items.length,
                },
              ]);
            });
            navigate(`/appearance/menus/${menuIndex}/${menu.items.length}`);
          }}
        >
          {trans('Add item')}
        </Button>
      </div>
      {menu.items.length === 0 ? (
        <p className="text-sm text-muted">{trans('This menu has no items yet.')}</p>
      ) : (
        <SortableList
          label={trans('Items of :menu', { menu: menu.name })}
          items={menu.items}
          getKey={(item) => item.id}
          getLabel={(item) => item.label}
          onMove={(from, to) =>
            change((m) => {
              m.items = reorder(moveItem(m.items, from, to));
            })
          }
          renderItem={(item, index) => (
            <Link
              to={`/appearance/menus/${menuIndex}/${index}`}
              className="flex min-h-8 items-center gap-2 text-sm underline"
            >
              <MenuIcon name={item.icon} className="size-4 shrink-0" />
              {item.label}
            </Link>
          )}
        />
      )}
      <div>
        <Button
          size="sm"
          variant="outline"
          onPress={() => {
            updateMenus((menus) => void menus.splice(menuIndex, 1));
            navigate('/appearance/menus');
          }}
        >
          {trans('Delete menu')}
        </Button>
      </div>
    </div>
  );
}
