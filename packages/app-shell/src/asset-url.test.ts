import { describe, expect, it } from 'vitest';
import { assetUrl } from './asset-url';

describe('assetUrl', () => {
  it('anchors relative paths at the site root and keeps absolute ones', () => {
    expect(assetUrl('images/logo-light.svg')).toBe('/images/logo-light.svg');
    expect(assetUrl('/storage/logo.png')).toBe('/storage/logo.png');
    expect(assetUrl('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(assetUrl('data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    expect(assetUrl('')).toBe('');
    expect(assetUrl(null)).toBe('');
  });
});
