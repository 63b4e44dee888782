// Zod-free on purpose: the apps' workspace pages and switcher read these, and workspace.ts's
// schemas would bring zod and the catalogue and pagination contracts with them. The first
// download's part (the cookie, the personal workspace) is workspace-cookie.ts, apart.
/** Design 5 (W01): an invitation link is valid for 3 days. */
export const WORKSPACE_INVITE_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
export type TWorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** Roles an invitation or a role change may give: there is one owner, the creator. */
export const ASSIGNABLE_WORKSPACE_ROLES = ['admin', 'member'] as const;
export type TAssignableWorkspaceRole = (typeof ASSIGNABLE_WORKSPACE_ROLES)[number];

/** What each workspace role may do inside its workspace (the workspace-typed permissions of design 3). */
export const WORKSPACE_ROLE_PERMISSIONS = {
  owner: [
    'workspaces.update',
    'workspaces.delete',
    'workspace_members.invite',
    'workspace_members.update',
    'workspace_members.delete',
    'music.update',
    'music.delete',
  ],
  admin: [
    'workspaces.update',
    'workspace_members.invite',
    'workspace_members.update',
    'workspace_members.delete',
    'music.update',
    'music.delete',
  ],
  member: ['music.update'],
} as const satisfies Record<TWorkspaceRole, readonly string[]>;
export type TWorkspacePermission = (typeof WORKSPACE_ROLE_PERMISSIONS)['owner'][number];

export function workspaceRoleCan(role: TWorkspaceRole | null | undefined, permission: TWorkspacePermission) {
  if (!role) return false;
  return (WORKSPACE_ROLE_PERMISSIONS[role] as readonly string[]).includes(permission);
}

export const WORKSPACE_MESSAGES = {
  joined: 'Joined workspace',
  declined: 'Declined workspace invitation',
  inviteInvalid: 'This invite is no longer valid',
  inviteOtherEmail: 'This invitation was sent to another email address.',
  notMember: 'You are not a member of this workspace.',
  created: 'Workspace created',
  renamed: 'Workspace renamed',
  deleted: 'Workspace deleted',
  invited: 'Invitations sent',
  inviteCancelled: 'Invitation cancelled',
  roleChanged: 'Role changed',
  memberRemoved: 'Member removed',
  left: 'You left the workspace',
  ownerRole: 'The owner of a workspace keeps their role.',
  ownRole: 'You cannot change your own role.',
  removeOwner: 'The owner cannot leave the workspace; delete it instead.',
  memberLimit: 'This workspace can have at most :count members.',
  workspaceLimit: 'You can create at most :count workspaces.',
} as const;

/** The link an invitation mail carries for an address without an account (spec 2.4). */
export function workspaceJoinRegisterPath(inviteId: string, email: string): string {
  const query = new URLSearchParams({ invite_id: inviteId, invite_type: 'workspace', email });
  return `/workspace/join/register?${query.toString()}`;
}
