import Bowser from 'bowser';

export type DeviceInfo = {
  device_type: 'mobile' | 'tablet' | 'desktop' | null;
  platform: string | null;
  browser: string | null;
};

/** Parsed once when the session starts (spec 2.6 sessions panel). */
export function parseUserAgent(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent) return { device_type: null, platform: null, browser: null };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    device_type: type === 'mobile' || type === 'tablet' ? type : type === 'desktop' ? 'desktop' : null,
    platform: parsed.os.name ?? null,
    browser: parsed.browser.name ?? null,
  };
}
