import type { TWorkspaceDetails } from '@cadence/contracts/workspace';
import {
  ASSIGNABLE_WORKSPACE_ROLES,
  type TAssignableWorkspaceRole,
  WORKSPACE_MESSAGES,
  workspaceRoleCan,
} from '@cadence/contracts/workspace-constants';
import { errorMessage, firstFieldError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmAction } from '../account-settings/confirm-dialog';
import { NotFoundPage } from '../error-pages';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import { ROLE_LABELS } from './role-labels';
import { WorkspaceMembersSection } from './workspace-members-section';
import { activeWorkspaceId, switchWorkspace, workspaceQuery, workspaceRequests } from './workspace-queries';

/** One workspace: rename, invite by email, members and their roles, pending invitations, delete. */
export function WorkspacePage() {
  const { trans } = useTrans();
  const id = Number(useParams().workspaceId);
  const { data, isError, isPending } = useQuery({ ...workspaceQuery(id), enabled: id > 0 });
  if (!(id > 0) || isError) return <NotFoundPage />;
  if (isPending) return <p className="p-8 text-sm text-muted">{trans('Loading')}</p>;
  return <WorkspaceView workspace={data.workspace} />;
}

function WorkspaceView({ workspace }: { workspace: TWorkspaceDetails }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['workspaces'] });
  const can = (permission: Parameters<typeof workspaceRoleCan>[1]) =>
    workspaceRoleCan(workspace.role, permission);

  const remove = async () => {
    const isConfirmed = await confirmAction({
      title: trans('Delete workspace'),
      body: trans('Delete ":name"? Its members lose access; its music goes back to its owners.', {
        name: workspace.name,
      }),
      confirmLabel: trans('Delete'),
    });
    if (!isConfirmed) return;
    try {
      await workspaceRequests.remove(workspace.id);
      toast.positive(trans(WORKSPACE_MESSAGES.deleted));
      if (activeWorkspaceId() === workspace.id) switchWorkspace(0, '/workspaces');
      else {
        await refresh();
        navigate('/workspaces');
      }
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    }
  };

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8" data-testid="workspace-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link
            to="/workspaces"
            className="text-sm text-primary underline outline-none focus-visible:ring-2 focus-visible:ring-focus"
          >
            {trans('Workspaces')}
          </Link>
          <h1 className="text-2xl font-semibold text-fg">{workspace.name}</h1>
          <p className="text-sm text-muted">
            {trans('{count, plural, one {# member} other {# members}}', { count: workspace.members_count })} ·{' '}
            {trans(ROLE_LABELS[workspace.role ?? 'member'])}
          </p>
        </div>
        {activeWorkspaceId() !== workspace.id && workspace.role && (
          <Button variant="outline" onPress={() => switchWorkspace(workspace.id)}>
            {trans('Switch to this workspace')}
          </Button>
        )}
      </div>
      {can('workspaces.update') && <RenameForm workspace={workspace} onSaved={refresh} />}
      {can('workspace_members.invite') && <InviteForm workspaceId={workspace.id} onSent={refresh} />}
      <WorkspaceMembersSection workspace={workspace} onChanged={refresh} />
      {can('workspaces.delete') && (
        <section className="rounded-panel bg-paper p-4 ring-1 ring-divider">
          <h2 className="mb-2 text-lg font-semibold text-fg">{trans('Danger zone')}</h2>
          <Button variant="danger" onPress={() => void remove()}>
            {trans('Delete workspace')}
          </Button>
        </section>
      )}
    </main>
  );
}

function RenameForm({ workspace, onSaved }: { workspace: TWorkspaceDetails; onSaved: () => Promise<void> }) {
  const { trans } = useTrans();
  const [name, setName] = useState(workspace.name);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await workspaceRequests.rename(workspace.id, name);
      toast.positive(trans(WORKSPACE_MESSAGES.renamed));
      await onSaved();
    } catch (caught) {
      const field = firstFieldError(caught);
      if (field) setError(field.message);
      else toast.danger(trans(errorMessage(caught)));
    }
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-panel bg-paper p-4 ring-1 ring-divider"
    >
      <TextField
        label={trans('Workspace name')}
        value={name}
        onChange={setName}
        isRequired
        maxLength={100}
        errorMessage={error ?? undefined}
        className="min-w-60 flex-1"
      />
      <Button type="submit" variant="outline">
        {trans('Rename')}
      </Button>
    </form>
  );
}

function InviteForm({ workspaceId, onSent }: { workspaceId: number; onSent: () => Promise<void> }) {
  const { trans } = useTrans();
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<TAssignableWorkspaceRole>('member');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsSending(true);
    try {
      const list = emails.split(/[\s,;]+/).filter(Boolean);
      await workspaceRequests.invite(workspaceId, { emails: list, role });
      toast.positive(trans(WORKSPACE_MESSAGES.invited));
      setEmails('');
      await onSent();
    } catch (caught) {
      const field = firstFieldError(caught);
      if (field) setError(field.message);
      else toast.danger(trans(errorMessage(caught)));
    } finally {
      setIsSending(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-panel bg-paper p-4 ring-1 ring-divider">
      <h2 className="text-lg font-semibold text-fg">{trans('Invite members')}</h2>
      <TextField
        label={trans('Email addresses')}
        description={trans('Separate several addresses with commas. Invitations are valid for 3 days.')}
        value={emails}
        onChange={setEmails}
        isRequired
        errorMessage={error ?? undefined}
      />
      <label className="flex flex-col gap-1 text-sm text-fg">
        {trans('Role')}
        <select
          value={role}
          onChange={(event) => setRole(event.target.value as TAssignableWorkspaceRole)}
          className="h-10 w-48 rounded-input border border-divider bg-bg px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          {ASSIGNABLE_WORKSPACE_ROLES.map((choice) => (
            <option key={choice} value={choice}>
              {trans(ROLE_LABELS[choice])}
            </option>
          ))}
        </select>
      </label>
      <div>
        <Button type="submit" isDisabled={isSending}>
          {trans('Invite')}
        </Button>
      </div>
    </form>
  );
}
