import {
  ZCountrySchema,
  ZLocalizationOptionSchema,
  ZTimezoneGroupsSchema,
} from '@cadence/contracts/value-lists';
import { describe, expect, it } from 'vitest';
import { commonLanguages, countryCodes, countryList, localizationOptions, timezoneGroups } from './countries';

describe('countryCodes / countryList', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes, once each', () => {
    expect(countryCodes).toHaveLength(249);
    expect(new Set(countryCodes).size).toBe(249);
    for (const code of countryCodes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(countryCodes).toEqual([...countryCodes].sort());
    expect(countryCodes).toEqual(expect.arrayContaining(['US', 'FR', 'DE', 'JP', 'BR', 'SS', 'AX', 'BQ']));
    expect(countryCodes).not.toContain('UK');
  });

  it('names every country and sorts by name', () => {
    const list = countryList();
    expect(list).toHaveLength(249);
    for (const country of list) {
      expect(ZCountrySchema.parse(country)).toEqual(country);
      expect(country.name).not.toBe(country.code);
    }
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(list.find((c) => c.code === 'FR')?.name).toBe('France');
  });

  it('follows the requested locale', () => {
    expect(countryList('de').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
  });
});

describe('timezoneGroups', () => {
  const at = new Date('2025-01-15T12:00:00Z');
  const groups = timezoneGroups(at);

  it('groups every zone by the part before the first slash', () => {
    expect(ZTimezoneGroupsSchema.parse(groups)).toEqual(groups);
    const all = Object.values(groups).flat();
    expect(all).toHaveLength(Intl.supportedValuesOf('timeZone').length);
    for (const [region, zones] of Object.entries(groups)) {
      for (const zone of zones) expect(zone.value.split('/')[0]).toBe(region);
    }
    expect(Object.keys(groups)).toEqual(expect.arrayContaining(['Europe', 'America', 'Asia']));
  });

  it('labels zones with their UTC offset at the given date', () => {
    const find = (value: string) =>
      Object.values(groups)
        .flat()
        .find((z) => z.value === value)?.text;
    expect(find('Europe/Paris')).toBe('(UTC+01:00) Europe/Paris');
    expect(find('America/New_York')).toBe('(UTC-05:00) America/New_York');
    expect(find('Asia/Tokyo')).toBe('(UTC+09:00) Asia/Tokyo');
    expect(find('Australia/Adelaide')).toBe('(UTC+10:30) Australia/Adelaide');
    expect(find('Africa/Abidjan')).toBe('(UTC+00:00) Africa/Abidjan');
    const summer = timezoneGroups(new Date('2025-07-15T12:00:00Z'));
    expect(summer.Europe?.find((z) => z.value === 'Europe/Paris')?.text).toBe('(UTC+02:00) Europe/Paris');
  });
});

describe('localizationOptions', () => {
  it('names the common languages and sorts by name', () => {
    const options = localizationOptions();
    expect(options).toHaveLength(commonLanguages.length);
    for (const option of options) {
      expect(ZLocalizationOptionSchema.parse(option)).toEqual(option);
      expect(option.name).not.toBe(option.language);
    }
    expect(options.find((o) => o.language === 'en')?.name).toBe('English');
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(localizationOptions('fr').find((o) => o.language === 'de')?.name).toBe('allemand');
  });
});
