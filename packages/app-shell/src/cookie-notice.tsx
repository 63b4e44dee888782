import { buttonClasses } from '@cadence/ui/button-styles';
import { PlainButton } from '@cadence/ui/plain-button';
import { useState } from 'react';
import { readCookie, writeCookie } from './cookies';
import { useBootstrapData } from './use-bootstrap-data';
import { useTrans } from './use-trans';

export const COOKIE_NOTICE_COOKIE = 'cookie_notice';
export const COOKIE_NOTICE_DAYS = 30;

export function isCookieNoticeAccepted(): boolean {
  return readCookie(COOKIE_NOTICE_COOKIE) === 'true';
}

/** Spec 2.3 / 4: a bar at the top or bottom until accepted; OK remembers it for 30 days. */
export function CookieNotice() {
  const { trans } = useTrans();
  const { show_cookie_notice: isEnabled, settings } = useBootstrapData();
  const [isAccepted, setIsAccepted] = useState(isCookieNoticeAccepted);
  if (!isEnabled || isAccepted) return null;

  const { position, button } = settings.cookie_notice;
  const accept = () => {
    writeCookie(COOKIE_NOTICE_COOKIE, 'true', COOKIE_NOTICE_DAYS);
    setIsAccepted(true);
  };

  return (
    <section
      aria-label={trans('Cookie notice')}
      data-testid="cookie-notice"
      data-position={position}
      className={`fixed inset-x-0 z-50 flex flex-col items-center justify-center gap-3 bg-paper px-4 py-3 text-sm text-fg shadow-lg ring-1 ring-divider sm:flex-row ${position === 'top' ? 'top-0' : 'bottom-0'}`}
    >
      <p>
        {trans(
          'We use cookies to offer you a better browsing experience, analyze site traffic, and personalize content. By using this site, you agree to our use of cookies.',
        )}
      </p>
      <div className="flex shrink-0 gap-2">
        {button?.action && (
          <a
            href={button.action}
            target={button.target ?? (button.type === 'link' ? '_blank' : undefined)}
            rel="noreferrer"
            className={buttonClasses({ variant: 'text', size: 'sm' })}
          >
            {trans(button.label || 'Learn more')}
          </a>
        )}
        <PlainButton size="sm" onPress={accept}>
          {trans('Accept')}
        </PlainButton>
      </div>
    </section>
  );
}
