import { describe, expect, it } from 'vitest';
import { readAdHtml } from './ad-settings';
import { sanitizeAd } from './sanitize-ad';

describe('readAdHtml', () => {
  it('returns a configured slot and nothing when empty, blank or disabled', () => {
    const ads = { general_top: '<b>Top</b>', artist_top: '  ', disable: false };
    expect(readAdHtml({ ads }, 'general_top')).toBe('<b>Top</b>');
    expect(readAdHtml({ ads }, 'artist_top')).toBeNull();
    expect(readAdHtml({ ads }, 'album_above')).toBeNull();
    expect(readAdHtml({ ads: { ...ads, disable: true } }, 'general_top')).toBeNull();
    expect(readAdHtml(null, 'general_top')).toBeNull();
  });
});

describe('sanitizeAd', () => {
  it('keeps links and images and strips scripts, handlers and javascript: urls', () => {
    const html = sanitizeAd(
      '<a href="https://ads.example/x" target="_blank"><img src="/banner.png" onerror="alert(1)"></a>' +
        '<script>alert(2)</script><a href="javascript:alert(3)">bad</a><style>body{display:none}</style>',
    );
    expect(html).toContain('href="https://ads.example/x"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('src="/banner.png"');
    expect(html).not.toMatch(/script|onerror|javascript:|<style/);
  });
});
