import type { TWorkspaceDetails, TWorkspaceMember } from '@cadence/contracts/workspace';
import {
  ASSIGNABLE_WORKSPACE_ROLES,
  type TAssignableWorkspaceRole,
  WORKSPACE_MESSAGES,
  workspaceRoleCan,
} from '@cadence/contracts/workspace-constants';
import { errorMessage } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { toast } from '../toast-store';
import { useAuth } from '../use-auth';
import { useTrans } from '../use-trans';
import { ROLE_LABELS } from './role-labels';
import { switchWorkspace, workspaceRequests } from './workspace-queries';

type Props = { workspace: TWorkspaceDetails; onChanged: () => Promise<void> };

/** Members with their roles (changeable by owners and admins, never the owner's or one's own) and invitations. */
export function WorkspaceMembersSection({ workspace, onChanged }: Props) {
  const { trans } = useTrans();
  const { user } = useAuth();
  const canUpdate = workspaceRoleCan(workspace.role, 'workspace_members.update');
  const canRemove = workspaceRoleCan(workspace.role, 'workspace_members.delete');
  const canInvite = workspaceRoleCan(workspace.role, 'workspace_members.invite');

  const run = async (work: () => Promise<{ message: string }>, after?: () => void) => {
    try {
      toast.positive(trans((await work()).message));
      if (after) after();
      else await onChanged();
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    }
  };

  const roleCell = (member: TWorkspaceMember) => {
    const isEditable = canUpdate && member.role !== 'owner' && member.id !== user?.id;
    if (!isEditable) return <span>{trans(ROLE_LABELS[member.role])}</span>;
    return (
      <select
        aria-label={trans('Role of :name', { name: member.name })}
        value={member.role}
        onChange={(event) =>
          void run(() =>
            workspaceRequests.changeRole(
              workspace.id,
              member.id,
              event.target.value as TAssignableWorkspaceRole,
            ),
          )
        }
        className="h-9 rounded-input border border-divider bg-bg px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        {ASSIGNABLE_WORKSPACE_ROLES.map((choice) => (
          <option key={choice} value={choice}>
            {trans(ROLE_LABELS[choice])}
          </option>
        ))}
      </select>
    );
  };

  return (
    <>
      <section className="rounded-panel bg-paper p-4 ring-1 ring-divider" aria-labelledby="workspace-members">
        <h2 id="workspace-members" className="mb-3 text-lg font-semibold text-fg">
          {trans('Members')}
        </h2>
        <ul className="divide-y divide-divider" data-testid="workspace-members">
          {workspace.members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-fg">{member.name}</p>
                {member.email && <p className="text-xs text-muted">{member.email}</p>}
              </div>
              {roleCell(member)}
              {member.id === user?.id && member.role !== 'owner' ? (
                <Button
                  size="xs"
                  variant="outline"
                  onPress={() =>
                    void run(
                      () => workspaceRequests.removeMember(workspace.id, member.id),
                      () => switchWorkspace(0, '/workspaces'),
                    )
                  }
                >
                  {trans('Leave workspace')}
                </Button>
              ) : (
                canRemove &&
                member.role !== 'owner' && (
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={trans('Remove :name', { name: member.name })}
                    onPress={() => void run(() => workspaceRequests.removeMember(workspace.id, member.id))}
                  >
                    {trans('Remove')}
                  </Button>
                )
              )}
            </li>
          ))}
        </ul>
      </section>
      {canInvite && workspace.invites.length > 0 && (
        <section
          className="rounded-panel bg-paper p-4 ring-1 ring-divider"
          aria-labelledby="workspace-invites"
        >
          <h2 id="workspace-invites" className="mb-3 text-lg font-semibold text-fg">
            {trans('Pending invitations')}
          </h2>
          <ul className="divide-y divide-divider" data-testid="workspace-invites">
            {workspace.invites.map((invite) => (
              <li key={invite.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                <span className="min-w-0 flex-1 text-fg">{invite.email}</span>
                <span className="text-muted">{trans(ROLE_LABELS[invite.role])}</span>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={trans('Cancel the invitation of :email', { email: invite.email })}
                  onPress={() =>
                    void run(async () => {
                      await workspaceRequests.cancelInvite(workspace.id, invite.id);
                      return { message: WORKSPACE_MESSAGES.inviteCancelled };
                    })
                  }
                >
                  {trans('Cancel')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
