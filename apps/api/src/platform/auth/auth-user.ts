import type { TPermission, TUser } from '@cadence/contracts/user';
import type { UserRow } from '../db/schema';

export type AuthUser = UserRow & {
  roles: { id: number; name: string }[];
  permissions: TPermission[];
  subscriptions: { valid: boolean; active: boolean }[];
};

export type GuestRole = { id: number; permissions: TPermission[] };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The user as the apps see it (spec 3); never the password or two-factor secrets. */
export function toUserDto(user: AuthUser): TUser {
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return {
    id: user.id,
    name: user.name || fullName || user.email.split('@')[0] || user.email,
    image: user.image,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    language: user.language,
    country: user.country,
    timezone: user.timezone,
    email_verified_at: iso(user.email_verified_at),
    banned_at: iso(user.banned_at),
    unread_notifications_count: user.unread_notifications_count,
    two_factor_confirmed_at: iso(user.two_factor_confirmed_at),
    roles: user.roles,
    permissions: user.permissions,
    subscriptions: user.subscriptions,
    social_profiles: [],
  };
}
