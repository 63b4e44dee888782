import { WORKSPACE_MESSAGES } from '@cadence/contracts/workspace-constants';
import { errorMessage, firstFieldError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../toast-store';
import { useAuth } from '../use-auth';
import { useTrans } from '../use-trans';
import { ROLE_LABELS } from './role-labels';
import {
  activeWorkspaceId,
  myWorkspacesQuery,
  switchWorkspace,
  workspaceRequests,
} from './workspace-queries';

/** The workspaces the user belongs to, with a switch to each, and a form to create one. */
export function WorkspacesPage() {
  const { trans } = useTrans();
  const { hasPermission } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(myWorkspacesQuery());
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const activeId = activeWorkspaceId();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setIsSaving(true);
    setError(null);
    try {
      const { workspace } = await workspaceRequests.create(name);
      toast.positive(trans(WORKSPACE_MESSAGES.created));
      await queryClient.invalidateQueries({ queryKey: ['workspaces'] });
      navigate(`/workspaces/${workspace.id}`);
    } catch (caught) {
      const field = firstFieldError(caught);
      if (field) setError(field.message);
      else toast.danger(trans(errorMessage(caught)));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8" data-testid="workspaces-page">
      <h1 className="mb-6 text-2xl font-semibold text-fg">{trans('Workspaces')}</h1>
      <ul className="divide-y divide-divider rounded-panel bg-paper ring-1 ring-divider">
        <li className="flex items-center justify-between gap-3 px-4 py-3">
          <span className="text-sm font-medium text-fg">{trans('Default')}</span>
          <WorkspaceSwitch id={0} name={trans('Default')} activeId={activeId} />
        </li>
        {!isPending &&
          data?.workspaces.map((workspace) => (
            <li key={workspace.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <Link
                  to={`/workspaces/${workspace.id}`}
                  className="text-sm font-medium text-fg underline outline-none focus-visible:ring-2 focus-visible:ring-focus"
                >
                  {workspace.name}
                </Link>
                <p className="text-xs text-muted">
                  {trans('{count, plural, one {# member} other {# members}}', {
                    count: workspace.members_count,
                  })}{' '}
                  · {trans(ROLE_LABELS[workspace.role ?? 'member'])}
                </p>
              </div>
              <WorkspaceSwitch id={workspace.id} name={workspace.name} activeId={activeId} />
            </li>
          ))}
      </ul>
      {hasPermission('workspaces.create') && (
        <form
          onSubmit={create}
          className="mt-8 flex flex-col gap-3 rounded-panel bg-paper p-4 ring-1 ring-divider"
        >
          <h2 className="text-lg font-semibold text-fg">{trans('Create workspace')}</h2>
          <TextField
            label={trans('Workspace name')}
            name="name"
            value={name}
            onChange={setName}
            isRequired
            maxLength={100}
            errorMessage={error ?? undefined}
          />
          <div>
            <Button type="submit" isDisabled={isSaving}>
              {trans('Create workspace')}
            </Button>
          </div>
        </form>
      )}
    </main>
  );
}

function WorkspaceSwitch({ id, name, activeId }: { id: number; name: string; activeId: number }) {
  const { trans } = useTrans();
  if (id === activeId) return <span className="text-xs font-medium text-primary">{trans('Active')}</span>;
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={trans('Switch to :name', { name })}
      onPress={() => switchWorkspace(id)}
    >
      {trans('Switch to')}
    </Button>
  );
}
