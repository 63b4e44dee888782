import { subscribeToPush } from './web-push-subscription';

export type BrowserPermissionResult = 'granted' | 'denied' | 'default' | 'unsupported';

/**
 * Spec 4: granted -> proceed; denied -> refuse (the caller shows the spec's message); otherwise ask,
 * and proceed only if granted. Once granted, this browser subscribes to Web Push where it can.
 */
export async function enableBrowserNotifications(): Promise<BrowserPermissionResult> {
  if (typeof Notification === 'undefined') return 'unsupported';
  let permission = Notification.permission;
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') permission = await Notification.requestPermission();
  if (permission === 'granted') await subscribeToPush().catch(() => undefined);
  return permission;
}
