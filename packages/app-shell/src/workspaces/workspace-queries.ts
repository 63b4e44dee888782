import type { TMessageResponse } from '@cadence/contracts/auth';
import type {
  TInviteMembers,
  TWorkspace,
  TWorkspaceDetails,
  TWorkspaceInvite,
  TWorkspaceListResponse,
} from '@cadence/contracts/workspace';
import type { TAssignableWorkspaceRole } from '@cadence/contracts/workspace-constants';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';
import { activeWorkspaceId, setActiveWorkspaceId } from './active-workspace';

export { activeWorkspaceId, setActiveWorkspaceId };

/**
 * Switching reloads the page: the api answers bootstrap data, permissions and every list for
 * the workspace in the cookie, so nothing cached for the previous one survives.
 */
export function switchWorkspace(id: number, path?: string): void {
  setActiveWorkspaceId(id);
  if (path) window.location.assign(path);
  else window.location.reload();
}

// These carry the current workspace like every call (spec 7); the api lets them through for a
// user no longer in it (a stale cookie), so the switcher and these pages always work.
export const myWorkspacesQuery = () =>
  queryOptions({
    queryKey: ['workspaces', 'mine'],
    queryFn: ({ signal }) => apiClient.get<TWorkspaceListResponse>('me/workspaces', { signal }),
  });

export const workspaceQuery = (id: number) =>
  queryOptions({
    queryKey: ['workspaces', 'details', id],
    queryFn: ({ signal }) => apiClient.get<{ workspace: TWorkspaceDetails }>(`workspace/${id}`, { signal }),
  });

export const workspaceRequests = {
  create: (name: string) => apiClient.post<{ workspace: TWorkspace }>('workspace', { name }),
  rename: (id: number, name: string) => apiClient.put<{ workspace: TWorkspace }>(`workspace/${id}`, { name }),
  remove: (id: number) => apiClient.delete<TMessageResponse>(`workspace/${id}`),
  invite: (id: number, body: TInviteMembers) =>
    apiClient.post<{ invites: TWorkspaceInvite[] }>(`workspace/${id}/invite`, body),
  cancelInvite: (id: number, inviteId: string) =>
    apiClient.delete<TMessageResponse>(`workspace/${id}/invite/${inviteId}`),
  changeRole: (id: number, userId: number, role: TAssignableWorkspaceRole) =>
    apiClient.put<TMessageResponse>(`workspace/${id}/member/${userId}`, { role }),
  removeMember: (id: number, userId: number) =>
    apiClient.delete<TMessageResponse>(`workspace/${id}/member/${userId}`),
  /** Spec 7 `GET workspace/join/{inviteId}`. */
  join: (inviteId: string) =>
    apiClient.get<{ message: string; workspace: TWorkspace }>(`workspace/join/${inviteId}`),
  /** Spec 7 `DELETE workspace/invite/{inviteId}`. */
  decline: (inviteId: string) => apiClient.delete<TMessageResponse>(`workspace/invite/${inviteId}`),
};
