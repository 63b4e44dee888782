import { z } from 'zod';
import { ZIdSegmentSchema } from './catalogue';
import { lazySchema } from './lazy-schema';
import { ZPublicUserSchema } from './user';
import {
  ASSIGNABLE_WORKSPACE_ROLES,
  type TAssignableWorkspaceRole,
  type TWorkspacePermission,
  type TWorkspaceRole,
  WORKSPACE_INVITE_TTL_MS,
  WORKSPACE_MESSAGES,
  WORKSPACE_ROLE_PERMISSIONS,
  WORKSPACE_ROLES,
  workspaceJoinRegisterPath,
  workspaceRoleCan,
} from './workspace-constants';
import { DEFAULT_WORKSPACE, WORKSPACE_COOKIE } from './workspace-cookie';

export {
  ASSIGNABLE_WORKSPACE_ROLES,
  DEFAULT_WORKSPACE,
  type TAssignableWorkspaceRole,
  type TWorkspacePermission,
  type TWorkspaceRole,
  WORKSPACE_COOKIE,
  WORKSPACE_INVITE_TTL_MS,
  WORKSPACE_MESSAGES,
  WORKSPACE_ROLE_PERMISSIONS,
  WORKSPACE_ROLES,
  workspaceJoinRegisterPath,
  workspaceRoleCan,
};

const ZWorkspaceNameSchema = lazySchema(() =>
  z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name may not be greater than 100 characters.'),
);

export const ZWorkspaceIdParamsSchema = lazySchema(() => z.object({ workspaceId: ZIdSegmentSchema }));
export const ZWorkspaceMemberParamsSchema = lazySchema(() =>
  z.object({
    workspaceId: ZIdSegmentSchema,
    userId: ZIdSegmentSchema,
  }),
);
const ZInviteIdSchema = lazySchema(() => z.uuid('This invite is no longer valid'));
export const ZInviteIdParamsSchema = lazySchema(() => z.object({ inviteId: ZInviteIdSchema }));
export const ZWorkspaceInviteParamsSchema = lazySchema(() =>
  z.object({
    workspaceId: ZIdSegmentSchema,
    inviteId: ZInviteIdSchema,
  }),
);

/** Spec 3 "Workspace": id, name, members_count; plus the owner and the caller's own role. */
export const ZWorkspaceSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    members_count: z.number(),
    owner_id: z.number(),
    role: z.enum(WORKSPACE_ROLES).nullable(),
    created_at: z.string(),
  }),
);
export type TWorkspace = z.infer<typeof ZWorkspaceSchema>;

/**
 * A member: the public projection, plus the address for those who manage members (owner, admins;
 * issue 31) and for the member themselves.
 */
export const ZWorkspaceMemberSchema = lazySchema(() =>
  ZPublicUserSchema.extend({
    email: z.string().optional(),
    role: z.enum(WORKSPACE_ROLES),
    joined_at: z.string(),
  }),
);
export type TWorkspaceMember = z.infer<typeof ZWorkspaceMemberSchema>;

export const ZWorkspaceInviteSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ASSIGNABLE_WORKSPACE_ROLES),
    created_at: z.string(),
    expires_at: z.string(),
  }),
);
export type TWorkspaceInvite = z.infer<typeof ZWorkspaceInviteSchema>;

export const ZWorkspaceDetailsSchema = lazySchema(() =>
  ZWorkspaceSchema.extend({
    members: z.array(ZWorkspaceMemberSchema),
    invites: z.array(ZWorkspaceInviteSchema),
  }),
);
export type TWorkspaceDetails = z.infer<typeof ZWorkspaceDetailsSchema>;

export const ZWorkspaceResponseSchema = lazySchema(() => z.object({ workspace: ZWorkspaceSchema }));
export const ZWorkspaceDetailsResponseSchema = lazySchema(() =>
  z.object({ workspace: ZWorkspaceDetailsSchema }),
);
export const ZWorkspaceListResponseSchema = lazySchema(() =>
  z.object({ workspaces: z.array(ZWorkspaceSchema) }),
);
export type TWorkspaceListResponse = z.infer<typeof ZWorkspaceListResponseSchema>;
export const ZWorkspaceInvitesResponseSchema = lazySchema(() =>
  z.object({ invites: z.array(ZWorkspaceInviteSchema) }),
);
/** Spec 7 `GET workspace/join/{inviteId}`: answers workspace.id (and the rest of the workspace). */
export const ZJoinWorkspaceResponseSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    workspace: ZWorkspaceSchema,
  }),
);

export const ZSaveWorkspaceSchema = lazySchema(() => z.object({ name: ZWorkspaceNameSchema }));
export type TSaveWorkspace = z.infer<typeof ZSaveWorkspaceSchema>;

export const ZInviteMembersSchema = lazySchema(() =>
  z.object({
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
  }),
);
export type TInviteMembers = z.input<typeof ZInviteMembersSchema>;

export const ZChangeMemberRoleSchema = lazySchema(() =>
  z.object({
    role: z.enum(ASSIGNABLE_WORKSPACE_ROLES, { error: 'Choose admin or member.' }),
  }),
);
export type TChangeMemberRole = z.infer<typeof ZChangeMemberRoleSchema>;
