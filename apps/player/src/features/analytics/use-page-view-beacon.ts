import { pageKindOf } from '@cadence/contracts/page-kinds';
import { apiClient } from '@cadence/http-client/http-client';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The visitor asked not to be tracked (the api checks the headers too). */
function asksNotToBeTracked(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/**
 * First-party visit counting for the admin visitors report: one small request per page the
 * player shows, with the page kind (never the address) and, on the first page only, the
 * referring site. No third-party script; nothing is sent under Do Not Track or GPC.
 */
export function usePageViewBeacon(): void {
  const { pathname, search } = useLocation();
  // The admin's appearance editor previews the player in a frame: not a visit.
  const isPreview = new URLSearchParams(search).has('appearanceEditor') || window.self !== window.top;
  const isFirst = useRef(true);
  useEffect(() => {
    if (isPreview || asksNotToBeTracked()) return;
    const referrer = isFirst.current && document.referrer ? document.referrer : undefined;
    isFirst.current = false;
    apiClient
      .post('page-views', { page_kind: pageKindOf(pathname), ...(referrer ? { referrer } : {}) })
      .catch(() => {
        // A lost visit must never disturb the page.
      });
  }, [pathname, isPreview]);
}
