import { type NextValue, refuse, textOf } from './refuse';

export const analyticsKeys: ReadonlySet<string> = new Set(['analytics.tracking_code']);
export const providerKeys: ReadonlySet<string> = new Set(['youtube_api_key']);

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

/** YouTube keys, one a line: Google API keys are letters, digits, `-` and `_`, with no spaces. */
export async function checkProviderSettings(next: NextValue): Promise<void> {
  const lines = String(next('youtube_api_key') ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const index = lines.findIndex((line) => !/^[\w-]{20,100}$/.test(line));
  if (index >= 0)
    refuse('providers', 'youtube_api_key', `Line ${index + 1} is not a YouTube API key: put one key a line.`);
}
