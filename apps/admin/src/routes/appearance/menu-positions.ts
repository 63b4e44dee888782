import { MENU_POSITIONS } from '@cadence/contracts/menu';

/** Spec 2.5's positions and the empty ones design 4 reserves, in one list. */
export const ALL_MENU_POSITIONS = [
  ...MENU_POSITIONS,
  'admin-navbar',
  'custom-page-navbar',
  'account-settings-page',
  'billing-page',
  'checkout-page-navbar',
  'checkout-page-footer',
  'pricing-table-page',
  'contact-us-page',
  'notifications-page',
] as const;

/** Design 4: missing ids get 6 random characters. */
export function randomId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
