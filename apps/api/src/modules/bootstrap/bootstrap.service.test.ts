import { describe, expect, it } from 'vitest';
import { pickLanguage } from './bootstrap.service';

describe('pickLanguage', () => {
  const localizations = [{ language: 'en' }, { language: 'fr' }];

  it('prefers the user language, then the language cookie, when such a localization exists', () => {
    expect(pickLanguage(['fr', 'en'], localizations)).toBe('fr');
    expect(pickLanguage([null, 'fr'], localizations)).toBe('fr');
    expect(pickLanguage(['de', 'fr'], localizations)).toBe('fr');
  });

  it('ignores unknown languages so a cookie cannot create cache entries', () => {
    expect(pickLanguage(['xx', '../../etc'], localizations)).toBeUndefined();
    expect(pickLanguage([undefined, undefined], localizations)).toBeUndefined();
  });
});
