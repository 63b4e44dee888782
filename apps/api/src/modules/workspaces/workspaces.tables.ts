import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

type Role = 'owner' | 'admin' | 'member';

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkspaceMembersTable {
  workspace_id: number;
  user_id: number;
  role: Role;
  created_at: Timestamp;
}

export interface WorkspaceInvitesTable {
  id: Generated<string>;
  workspace_id: number;
  email: string;
  role: Exclude<Role, 'owner'>;
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../platform/db/schema' {
  interface Database {
    workspaces: WorkspacesTable;
    workspace_members: WorkspaceMembersTable;
    workspace_invites: WorkspaceInvitesTable;
  }
}
