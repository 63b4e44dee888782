import type { TWorkspace } from '@cadence/contracts/workspace';
import { WORKSPACE_MESSAGES } from '@cadence/contracts/workspace-constants';
import { errorMessage, isHttpError } from '@cadence/http-client/http-error';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../toast-store';
import { trans } from '../trans';
import { setActiveWorkspaceId, workspaceRequests } from './workspace-queries';

/** Spec 8: a 404 means the invite is no longer valid; the notifications are refetched. */
function onInviteError(error: unknown, queryClient?: QueryClient) {
  if (isHttpError(error) && error.status === 404) {
    toast.danger(trans(WORKSPACE_MESSAGES.inviteInvalid));
    void queryClient?.invalidateQueries({ queryKey: ['notifications'] });
    return;
  }
  toast.danger(trans(errorMessage(error)));
}

/** Joins and makes the workspace the active one; answers its id, or null when refused. */
export async function joinInvite(inviteId: string, queryClient?: QueryClient): Promise<number | null> {
  try {
    const { workspace } = await workspaceRequests.join(inviteId);
    setActiveWorkspaceId(workspace.id);
    toast.positive(trans(WORKSPACE_MESSAGES.joined));
    void queryClient?.invalidateQueries({ queryKey: ['workspaces'] });
    return workspace.id;
  } catch (error) {
    onInviteError(error, queryClient);
    return null;
  }
}

/**
 * A sign-up through an invitation link: the api joined the workspace with the account (email
 * confirmation or not), so it becomes the active one; no workspace back means the invite had gone.
 */
export function afterInvitedSignUp(workspace: TWorkspace | undefined): void {
  if (!workspace) {
    toast.danger(trans(WORKSPACE_MESSAGES.inviteInvalid));
    return;
  }
  setActiveWorkspaceId(workspace.id);
  toast.positive(trans(WORKSPACE_MESSAGES.joined));
}

export async function declineInvite(inviteId: string, queryClient?: QueryClient): Promise<void> {
  try {
    await workspaceRequests.decline(inviteId);
    toast.positive(trans(WORKSPACE_MESSAGES.declined));
  } catch (error) {
    onInviteError(error, queryClient);
  }
}

/** The workspace invitation a join page was opened for (`invite_id`, type workspace or none). */
export function workspaceInviteId(searchParams: URLSearchParams, isWorkspaceJoin: boolean): string | null {
  const inviteId = searchParams.get('invite_id') ?? searchParams.get('inviteId');
  const inviteType = searchParams.get('invite_type') ?? searchParams.get('inviteType');
  if (!inviteId) return null;
  return isWorkspaceJoin || inviteType === 'workspace' ? inviteId : null;
}
