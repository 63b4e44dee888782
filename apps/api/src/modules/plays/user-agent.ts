export type ClientInfo = { platform: string | null; device: string; browser: string | null };

const PLATFORMS: [RegExp, string][] = [
  [/windows phone/i, 'windows phone'],
  [/windows/i, 'windows'],
  [/iphone|ipad|ipod/i, 'ios'],
  [/android/i, 'android'],
  [/cros/i, 'chrome os'],
  [/mac os x|macintosh/i, 'mac'],
  [/linux/i, 'linux'],
];

// Order matters: Edge and Opera also announce Chrome; Chrome also announces Safari.
const BROWSERS: [RegExp, string][] = [
  [/edg(e|a|ios)?\//i, 'edge'],
  [/opr\/|opera/i, 'opera'],
  [/samsungbrowser/i, 'samsung'],
  [/firefox|fxios/i, 'firefox'],
  [/chrome|crios|chromium/i, 'chrome'],
  [/safari/i, 'safari'],
];

/** Coarse platform/device/browser for play reports; unknown agents stay null, never guessed. */
export function parseUserAgent(userAgent: string | undefined): ClientInfo {
  const ua = (userAgent ?? '').slice(0, 512);
  const platform = PLATFORMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const device =
    /ipad|tablet|kindle|silk/i.test(ua) || (/android/i.test(ua) && !/mobile/i.test(ua))
      ? 'tablet'
      : /mobi|iphone|ipod|windows phone/i.test(ua)
        ? 'mobile'
        : ua
          ? 'desktop'
          : 'unknown';
  return { platform, device, browser };
}

/** ISO 3166 alpha-2 from a CDN header (`CF-IPCountry`, `X-Country-Code`); `XX`/`T1` mean unknown/Tor. */
export function countryFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  for (const name of ['cf-ipcountry', 'x-country-code', 'cloudfront-viewer-country']) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  return null;
}
