import {
  AD_FRAME_MESSAGE_SOURCE,
  AD_HOST_MESSAGE_SOURCE,
  type TAdSlot,
} from '@cadence/contracts/ads-constants';
import { apiUrl } from '@cadence/http-client/api-base-url';
import { useLayoutEffect, useRef, useState } from 'react';

/** Tall enough for any banner, short enough that a runaway ad cannot take over the page. */
const MAX_HEIGHT = 1200;

function versionOf(code: string): string {
  let hash = 0;
  for (let index = 0; index < code.length; index++) hash = (hash * 31 + code.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}

/**
 * One ad slot's code in a sandboxed frame (scripts and popups, never the site's origin): it runs
 * as its network expects but cannot read the site's cookies, storage or page. The frame reports
 * its content height and is sized to it.
 */
export function AdFrame({ slot, code, title }: { slot: TAdSlot; code: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(0);

  // Listening from the layout effect, in the same task that puts the frame in the page: the frame
  // reports its height once (then on changes), and a passive effect, delayed on a busy main
  // thread, could start listening after that report and leave the slot at 0 px.
  useLayoutEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = event.data as { source?: unknown; height?: unknown } | null;
      if (data?.source !== AD_FRAME_MESSAGE_SOURCE || typeof data.height !== 'number') return;
      setHeight(Math.max(0, Math.min(MAX_HEIGHT, Math.ceil(data.height))));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <iframe
      ref={frame}
      title={title}
      // The code is part of the address so a changed ad loads afresh.
      src={apiUrl(`/api/v1/ads/${slot}/frame?v=${versionOf(code)}`)}
      sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="strict-origin-when-cross-origin"
      className="block w-full border-0"
      style={{ height }}
      // Asks the loaded frame for its height again, in case its first report came too early.
      onLoad={() => frame.current?.contentWindow?.postMessage({ source: AD_HOST_MESSAGE_SOURCE }, '*')}
      data-testid={`ad-frame-${slot}`}
    />
  );
}
