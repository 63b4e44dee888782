import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileLink, slugifyName } from './profile-link';

describe('profile link (spec 2.5)', () => {
  it('lowercases, joins words with hyphens and removes special characters', () => {
    expect(slugifyName('Ada  Lovelace!')).toBe('ada-lovelace');
    expect(slugifyName("D'Angelo & The Vanguard")).toBe('dangelo-the-vanguard');
    expect(profileLink({ id: 12, name: 'Björk Guðmundsdóttir' })).toBe('/user/12/bjork-guðmundsdottir');
  });

  it('always yields a slug of lowercase words joined by single hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const slug = slugifyName(name);
        return slug === slug.toLowerCase() && !slug.includes('--') && !/^-|-$/.test(slug) && !/\s/.test(slug);
      }),
    );
  });
});
