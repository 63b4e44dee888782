import type { TBootstrapData } from '@cadence/contracts/bootstrap';

export type TGate = 'verify-email' | 'suspended' | null;

/** Spec 2.1: which catch-all screen replaces the normal routes, if any. */
export function activeGate({ settings, user }: Pick<TBootstrapData, 'settings' | 'user'>): TGate {
  if (!user) return null;
  if (settings.require_email_confirmation && !user.email_verified_at) return 'verify-email';
  if (user.banned_at) return 'suspended';
  return null;
}
