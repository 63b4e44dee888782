import { DEFAULT_WORKSPACE } from '@cadence/contracts/workspace-cookie';
import { MenuButton } from '@cadence/ui/menu-button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import UsersIcon from 'lucide-react/icons/users';
import { lazy, useEffect } from 'react';
import { useRealtimeEvent } from '../realtime/use-realtime';
import { useAuth } from '../use-auth';
import { useSettings } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { activeWorkspaceId, myWorkspacesQuery, setActiveWorkspaceId } from './workspace-queries';

const loadItems = () => import('./workspace-switcher-items');
const WorkspaceSwitcherItems = lazy(loadItems);

/** Workspaces are an operator's choice (design 1: `workspaces.integrated`, shipped off). */
export function useWorkspacesEnabled(): boolean {
  const settings = useSettings() as { workspaces?: { integrated?: boolean } };
  const { isLoggedIn } = useAuth();
  return isLoggedIn && settings.workspaces?.integrated === true;
}

/**
 * Spec 1/4: the active workspace (Default, id 0, or one the user belongs to) and the switch
 * between them. A cookie naming a workspace the user left or lost falls back to Default.
 */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const { trans } = useTrans();
  const isEnabled = useWorkspacesEnabled();
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...myWorkspacesQuery(), enabled: isEnabled });
  const activeId = activeWorkspaceId();
  const workspaces = data?.workspaces ?? [];
  const active = workspaces.find((workspace) => workspace.id === activeId);
  const isStale = Boolean(data) && activeId !== DEFAULT_WORKSPACE.id && !active;

  useEffect(() => {
    if (!isStale) return;
    setActiveWorkspaceId(DEFAULT_WORKSPACE.id);
    void queryClient.invalidateQueries();
  }, [isStale, queryClient]);
  useRealtimeEvent('workspaces.changed', () => {
    void queryClient.invalidateQueries({ queryKey: ['workspaces'] });
  });

  if (!isEnabled) return null;
  const name = active?.name ?? trans(DEFAULT_WORKSPACE.name);
  return (
    <MenuButton
      aria-label={trans('Workspace: :name', { name })}
      data-testid="workspace-switcher"
      className={`flex min-h-10 items-center gap-2 rounded-button px-3 text-sm text-fg outline-none hover:bg-fg-base/5 focus-visible:ring-3 focus-visible:ring-focus ${className ?? ''}`}
      preload={loadItems}
      renderMenu={(props) => (
        <WorkspaceSwitcherItems {...props} workspaces={workspaces} activeId={active?.id ?? 0} />
      )}
    >
      <UsersIcon aria-hidden className="size-4 text-muted" />
      <span className="max-w-40 truncate">{name}</span>
    </MenuButton>
  );
}
