import { type TSocialAuthMessage, ZSocialAuthMessageSchema } from '@cadence/contracts/auth';

/** Spec 9: the popup is 550 high and 650 wide, centred; its closure is polled every second. */
export const SOCIAL_POPUP_WIDTH = 650;
export const SOCIAL_POPUP_HEIGHT = 550;
export const SOCIAL_POPUP_POLL_MS = 1000;

type TPopupHost = Pick<
  Window,
  'open' | 'addEventListener' | 'removeEventListener' | 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'
> & { location: Pick<Location, 'origin'> };

export function popupFeatures(host: Pick<TPopupHost, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>) {
  const left = Math.round(host.screenX + (host.outerWidth - SOCIAL_POPUP_WIDTH) / 2);
  const top = Math.round(host.screenY + (host.outerHeight - SOCIAL_POPUP_HEIGHT) / 2);
  return `width=${SOCIAL_POPUP_WIDTH},height=${SOCIAL_POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * Opens the provider popup and settles with its `social-auth` message, or null when the popup
 * closes without one (spec 4). Messages from another origin than the popup's (the api's, which
 * is not the app's when the app is deployed apart) are ignored (spec 7).
 */
export function openSocialPopup(url: string, host: TPopupHost = window): Promise<TSocialAuthMessage | null> {
  return new Promise((resolve) => {
    const popupOrigin = new URL(url, host.location.origin).origin;
    const popup = host.open(url, 'social-auth', popupFeatures(host));
    let poll: ReturnType<typeof setInterval> | undefined;
    const finish = (result: TSocialAuthMessage | null) => {
      clearInterval(poll);
      host.removeEventListener('message', onMessage);
      resolve(result);
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== popupOrigin) return;
      const parsed = ZSocialAuthMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      finish(parsed.data);
      popup?.close();
    }
    host.addEventListener('message', onMessage);
    if (!popup) {
      finish(null);
      return;
    }
    poll = setInterval(() => {
      if (popup.closed) finish(null);
    }, SOCIAL_POPUP_POLL_MS);
  });
}
