import type { TUserSession } from '@cadence/contracts/sessions';

export type TDeviceIcon = 'mobile' | 'tablet' | 'computer';

/** Spec 2.6: mobile, tablet, otherwise computer. */
export function deviceIcon(deviceType: TUserSession['device_type']): TDeviceIcon {
  if (deviceType === 'mobile') return 'mobile';
  if (deviceType === 'tablet') return 'tablet';
  return 'computer';
}

/** Spec 2.6: the IP, or "API Token" for token sessions, or "Unknown IP". */
export function sessionAddressLabel(session: Pick<TUserSession, 'ip_address' | 'token'>): string {
  if (session.ip_address) return session.ip_address;
  if (session.token) return 'API Token';
  return 'Unknown IP';
}
