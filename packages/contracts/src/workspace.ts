import { z } from 'zod';
import { ZIdSegmentSchema } from './catalogue';

/** Spec 1: the personal workspace every user has; it is not a row. */
export const DEFAULT_WORKSPACE = { id: 0, name: 'Default' } as const;
/** Spec 4: the active workspace id lives in this cookie (0 = the personal one). */
export const WORKSPACE_COOKIE = 'activeWorkspaceId';
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

const ZWorkspaceNameSchema = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(100, 'The name may not be greater than 100 characters.');

export const ZWorkspaceIdParamsSchema = z.object({ workspaceId: ZIdSegmentSchema });
export const ZWorkspaceMemberParamsSchema = z.object({
  workspaceId: ZIdSegmentSchema,
  userId: ZIdSegmentSchema,
});
const ZInviteIdSchema = z.uuid('This invite is no longer valid');
export const ZInviteIdParamsSchema = z.object({ inviteId: ZInviteIdSchema });
export const ZWorkspaceInviteParamsSchema = z.object({
  workspaceId: ZIdSegmentSchema,
  inviteId: ZInviteIdSchema,
});

/** Spec 3 "Workspace": id, name, members_count; plus the owner and the caller's own role. */
export const ZWorkspaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  members_count: z.number(),
  owner_id: z.number(),
  role: z.enum(WORKSPACE_ROLES).nullable(),
  created_at: z.string(),
});
export type TWorkspace = z.infer<typeof ZWorkspaceSchema>;

export const ZWorkspaceMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  joined_at: z.string(),
});
export type TWorkspaceMember = z.infer<typeof ZWorkspaceMemberSchema>;

export const ZWorkspaceInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_WORKSPACE_ROLES),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TWorkspaceInvite = z.infer<typeof ZWorkspaceInviteSchema>;

export const ZWorkspaceDetailsSchema = ZWorkspaceSchema.extend({
  members: z.array(ZWorkspaceMemberSchema),
  invites: z.array(ZWorkspaceInviteSchema),
});
export type TWorkspaceDetails = z.infer<typeof ZWorkspaceDetailsSchema>;

export const ZWorkspaceResponseSchema = z.object({ workspace: ZWorkspaceSchema });
export const ZWorkspaceDetailsResponseSchema = z.object({ workspace: ZWorkspaceDetailsSchema });
export const ZWorkspaceListResponseSchema = z.object({ workspaces: z.array(ZWorkspaceSchema) });
export type TWorkspaceListResponse = z.infer<typeof ZWorkspaceListResponseSchema>;
export const ZWorkspaceInvitesResponseSchema = z.object({ invites: z.array(ZWorkspaceInviteSchema) });
/** Spec 7 `GET workspace/join/{inviteId}`: answers workspace.id (and the rest of the workspace). */
export const ZJoinWorkspaceResponseSchema = z.object({
  message: z.string(),
  workspace: ZWorkspaceSchema,
});

export const ZSaveWorkspaceSchema = z.object({ name: ZWorkspaceNameSchema });
export type TSaveWorkspace = z.infer<typeof ZSaveWorkspaceSchema>;

export const ZInviteMembersSchema = z.object({
  emails: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(255, 'The email may not be greater than 255 characters.')
        .pipe(z.email('Each email must be a valid email address.')),
      { error: 'Enter at least one email address.' },
    )
    .min(1, 'Enter at least one email address.')
    .max(20, 'Invite at most 20 people at once.'),
  role: z.enum(ASSIGNABLE_WORKSPACE_ROLES, { error: 'Choose admin or member.' }).default('member'),
});
export type TInviteMembers = z.input<typeof ZInviteMembersSchema>;

export const ZChangeMemberRoleSchema = z.object({
  role: z.enum(ASSIGNABLE_WORKSPACE_ROLES, { error: 'Choose admin or member.' }),
});
export type TChangeMemberRole = z.infer<typeof ZChangeMemberRoleSchema>;

/** The link an invitation mail carries for an address without an account (spec 2.4). */
export function workspaceJoinRegisterPath(inviteId: string, email: string): string {
  const query = new URLSearchParams({ invite_id: inviteId, invite_type: 'workspace', email });
  return `/workspace/join/register?${query.toString()}`;
}
