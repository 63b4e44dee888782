import type { TGuestRole, TUser } from '@cadence/contracts/user';
import { hasPermission as can, isSubscribed } from '@cadence/permissions/can';
import type { PermissionName } from '@cadence/permissions/catalogue';
import { useMemo } from 'react';
import { useBootstrapData } from './use-bootstrap-data';

export interface Auth {
  user: TUser | null;
  guestRole: TGuestRole | null;
  isLoggedIn: boolean;
  isSubscribed: boolean;
  /** Spec 6: admin grants all; a guest is governed by the guest role. */
  hasPermission: (name: PermissionName) => boolean;
}

export function useAuth(): Auth {
  const { user, guest_role: guestRole } = useBootstrapData();
  return useMemo(
    () => ({
      user,
      guestRole,
      isLoggedIn: user !== null,
      isSubscribed: isSubscribed(user),
      hasPermission: (name: PermissionName) => can({ user, guestRole }, name),
    }),
    [user, guestRole],
  );
}
