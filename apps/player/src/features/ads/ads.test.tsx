import { describe, expect, it } from 'vitest';
import { readAdHtml } from './ad-settings';

describe('readAdHtml', () => {
  it('returns a configured slot and nothing when empty, blank or disabled', () => {
    const ads = { general_top: '<b>Top</b>', artist_top: '  ', disable: false };
    expect(readAdHtml({ ads }, 'general_top')).toBe('<b>Top</b>');
    expect(readAdHtml({ ads }, 'artist_top')).toBeNull();
    expect(readAdHtml({ ads }, 'album_above')).toBeNull();
    expect(readAdHtml({ ads: { ...ads, disable: true } }, 'general_top')).toBeNull();
    expect(readAdHtml(null, 'general_top')).toBeNull();
  });

  it('hides slots from subscribers unless the admin turned that off', () => {
    const ads = { general_top: '<b>Top</b>' };
    expect(readAdHtml({ ads }, 'general_top', true)).toBeNull();
    expect(readAdHtml({ ads: { ...ads, hide_for_subscribers: true } }, 'general_top', true)).toBeNull();
    expect(readAdHtml({ ads: { ...ads, hide_for_subscribers: false } }, 'general_top', true)).toBe(
      '<b>Top</b>',
    );
  });
});
