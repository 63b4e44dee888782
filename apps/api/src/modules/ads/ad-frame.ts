import { AD_FRAME_MESSAGE_SOURCE, AD_HOST_MESSAGE_SOURCE } from '@cadence/contracts/ads';

/**
 * The document an ad slot's iframe loads. It reports its content height to the page holding it
 * (a number; the page checks the message came from that frame) so the frame fits the ad, and
 * reports it again when its page asks (once the frame has loaded: a report the page missed
 * would leave the slot at 0 px).
 */
export function adFrameDocument(adHtml: string): string {
  const frame = JSON.stringify(AD_FRAME_MESSAGE_SOURCE);
  const host = JSON.stringify(AD_HOST_MESSAGE_SOURCE);
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<style>html,body{margin:0;padding:0;background:transparent}body{display:flow-root}</style>' +
    '<script>(function(){var last=-1;function report(){var h=Math.ceil(document.body?document.body.getBoundingClientRect().height:0);' +
    `if(h!==last){last=h;parent.postMessage({source:${frame},height:h},'*')}}` +
    'new ResizeObserver(report).observe(document.documentElement);' +
    `addEventListener('message',function(e){if(e.source===parent&&e.data&&e.data.source===${host}){last=-1;report()}});` +
    "addEventListener('load',report);document.addEventListener('DOMContentLoaded',report)})();</script>" +
    `</head><body>${adHtml}</body></html>`
  );
}

/**
 * Ad networks load scripts, frames and beacons from hosts nobody can list in advance, so the ad
 * document gets its own policy instead of the site's: anything may load, but the `sandbox`
 * directive gives it an opaque origin (no cookies, storage or DOM of the site) even if it is
 * opened outside its iframe; only the product itself may frame it.
 */
export function adFramePolicy(frameAncestors: readonly string[]): string {
  return [
    'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
    'default-src * data: blob:',
    "script-src * 'unsafe-inline' 'unsafe-eval' data: blob:",
    "style-src * 'unsafe-inline' data:",
    'img-src * data: blob:',
    'media-src * data: blob:',
    'font-src * data:',
    'frame-src * data: blob:',
    'connect-src *',
    "base-uri 'none'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}
