import { describe, expect, it } from 'vitest';
import { defaultSeoTemplates, SEO_PAGE_KEYS } from './seo';
import { previewSeoTemplate, unknownSeoPlaceholders } from './seo-placeholders';

describe('SEO template placeholders', () => {
  it('knows every placeholder of the shipped templates', () => {
    for (const key of SEO_PAGE_KEYS)
      expect(unknownSeoPlaceholders(key, defaultSeoTemplates[key])).toEqual([]);
  });

  it("names the ones the page does not give, once each, another page's included", () => {
    expect(
      unknownSeoPlaceholders('album_page', '{{album.nam}} {{ album.name }} {{track.name}} {{album.nam}}'),
    ).toEqual(['album.nam', 'track.name']);
  });

  it('previews the title and description with sample values', () => {
    expect(previewSeoTemplate(defaultSeoTemplates.search_page, 'Cadence')).toEqual({
      title: 'Search results for night swim - Cadence',
      description: 'A short description of this page.',
    });
  });
});
