import { describe, expect, it } from 'vitest';
import { readLandingSettings } from './landing-settings';

describe('readLandingSettings', () => {
  it('replaces {site}, clamps the opacity and keeps well-formed features only', () => {
    const landing = readLandingSettings(
      {
        landing: {
          header_title: 'Connect on {site}',
          footer_subtitle: 'Get on {site} today, {site}!',
          header_image_opacity: 3,
          secondary_features: [{ title: 'A' }, { nope: true }, null],
          show_trending_artists: false,
        },
      },
      'Cadence',
    );
    expect(landing.header_title).toBe('Connect on Cadence');
    expect(landing.footer_subtitle).toBe('Get on Cadence today, Cadence!');
    expect(landing.header_image_opacity).toBe(1);
    expect(landing.secondary_features).toEqual([{ title: 'A' }]);
    expect(landing.show_trending_artists).toBe(false);
  });

  it('gives empty sections when the settings are missing', () => {
    const landing = readLandingSettings(null, 'Cadence');
    expect(landing.header_title).toBe('');
    expect(landing.primary_features).toEqual([]);
    expect(landing.header_image).toBeNull();
  });
});
