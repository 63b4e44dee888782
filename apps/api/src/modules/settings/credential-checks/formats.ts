import { type NextValue, refuse, textOf } from './refuse';

export const analyticsKeys: ReadonlySet<string> = new Set(['analytics.tracking_code']);

/** The tracking code is a Google Analytics 4 measurement ID (`G-` then letters and digits), no script. */
export async function checkAnalyticsSettings(next: NextValue): Promise<void> {
  const code = textOf(next('analytics.tracking_code'));
  if (code && !/^G-[A-Z0-9]{4,20}$/i.test(code))
    refuse(
      'analytics',
      'analytics.tracking_code',
      'Enter the measurement ID only (it looks like G-XXXXXXXXXX), not the tracking script.',
    );
}
