import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Json, JsonWithDefault, NullableTimestamp, Timestamp } from './column-types';

/**
 * The platform's own tables, written once per table to match `migrations/`. Each module adds
 * its tables to `Database` from its `*.tables.ts` (`declare module`), so platform imports no module.
 */

export type TRestrictionDefinition = { name: string; type?: string; description?: string };
export type TRestrictionValue = { name: string; value: number | null };

export interface UsersTable {
  id: Generated<number>;
  name: Generated<string>;
  email: string;
  password: string | null;
  image: string | null;
  first_name: string | null;
  last_name: string | null;
  language: string | null;
  country: string | null;
  timezone: string | null;
  email_verified_at: NullableTimestamp;
  banned_at: NullableTimestamp;
  /** Set by the admin who suspended the account (admin users page). */
  ban_reason: ColumnType<string | null, string | null | undefined, string | null>;
  unread_notifications_count: Generated<number>;
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  default: Generated<boolean>;
  guests: Generated<boolean>;
  internal: Generated<boolean>;
  artists: Generated<boolean>;
  type: Generated<string>;
  order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  display_name: string | null;
  description: string | null;
  group: string;
  advanced: Generated<boolean>;
  restrictions: JsonWithDefault<TRestrictionDefinition[]>;
}

export interface PermissionablesTable {
  permission_id: number;
  permissionable_type: 'user' | 'role' | 'plan';
  permissionable_id: number;
  restrictions: JsonWithDefault<TRestrictionValue[]>;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
  created_at: Timestamp;
}

export interface SettingsTable {
  id: Generated<number>;
  name: string;
  value: string | null;
  is_private: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ThemesTable {
  id: Generated<number>;
  name: string;
  is_dark: Generated<boolean>;
  default_light: Generated<boolean>;
  default_dark: Generated<boolean>;
  user_id: number | null;
  values: Json<Record<string, string>>;
  font: ColumnType<unknown | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LocalizationsTable {
  id: Generated<number>;
  name: string;
  language: string;
  lines: JsonWithDefault<Record<string, string>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** sha256 (hex) of the cookie token: a leaked table cannot be replayed. */
  id: string;
  user_id: number;
  ip_address: string | null;
  user_agent: string | null;
  device_type: string | null;
  platform: string | null;
  browser: string | null;
  city: string | null;
  country: string | null;
  last_active: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  last_used_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SeedsTable {
  name: string;
  ran_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  permissionables: PermissionablesTable;
  user_role: UserRoleTable;
  settings: SettingsTable;
  themes: ThemesTable;
  localizations: LocalizationsTable;
  sessions: SessionsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  seeds: SeedsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type ThemeRow = Selectable<ThemesTable>;
export type SessionRow = Selectable<SessionsTable>;
