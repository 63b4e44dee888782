import type { TWorkspaceRole } from '@cadence/contracts/workspace';

export const ROLE_LABELS: Record<TWorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};
