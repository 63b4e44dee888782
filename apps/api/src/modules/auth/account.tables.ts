import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../platform/db/column-types';

/** bigint reads back as text from pg and a number from PGlite. */
type NullableBigint = ColumnType<string | number | null, number | null | undefined, number | null>;

export interface SocialProfilesTable {
  id: Generated<number>;
  user_id: number;
  service_name: string;
  user_service_id: string;
  username: string | null;
  created_at: Timestamp;
}

export interface EmailVerificationCodesTable {
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface AvatarsTable {
  key: string;
  user_id: number;
  mime: string;
  data: Buffer | Uint8Array;
  created_at: Timestamp;
}

export interface MailLogTable {
  id: Generated<number>;
  to: string;
  subject: string;
  driver: string;
  status: 'sent' | 'logged' | 'failed';
  body: string | null;
  error: string | null;
  created_at: Timestamp;
}

/** Accounts extend the platform schema here instead of editing the shared file (migration 2026-11-22T10-00). */
declare module '../../platform/db/schema' {
  interface UsersTable {
    two_factor_last_step: NullableBigint;
  }
  interface SessionsTable {
    password_confirmed_at: NullableTimestamp;
  }
  interface PersonalAccessTokensTable {
    password_confirmed_at: NullableTimestamp;
  }
  interface Database {
    social_profiles: SocialProfilesTable;
    email_verification_codes: EmailVerificationCodesTable;
    password_resets: PasswordResetsTable;
    avatars: AvatarsTable;
    mail_log: MailLogTable;
  }
}
