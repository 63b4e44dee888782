import type { TValueListsResponse } from '@cadence/contracts/value-lists';

type Countries = NonNullable<TValueListsResponse['countries']>;
type TimezoneGroups = NonNullable<TValueListsResponse['timezones']>;
type LocalizationOptions = NonNullable<TValueListsResponse['localizations']>;

/** ISO 3166-1 alpha-2, officially assigned codes. Names come from ICU so they follow the locale. */
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ ' +
  'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY ' +
  'HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ ' +
  'NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ ' +
  'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ ' +
  'VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Languages offered when adding a localization; names come from ICU. */
export const commonLanguages = (
  'af ar bg bn ca cs da de el en es et fa fi fil fr he hi hr hu id it ja ko lt lv ms nb nl ' +
  'pl pt pt-BR ro ru sk sl sr sv sw ta th tr uk ur vi zh zh-TW'
).split(' ');

function sortByName<T extends { name: string }>(items: T[], locale: string): T[] {
  const collator = new Intl.Collator(locale);
  return items.sort((a, b) => collator.compare(a.name, b.name));
}

export function countryList(locale = 'en'): Countries {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  return sortByName(
    countryCodes.map((code) => ({ code, name: names.of(code) ?? code })),
    locale,
  );
}

/** "GMT+01:00" -> "UTC+01:00"; ICU prints a bare "GMT" for zero in some versions. */
function utcOffset(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part?.replace('GMT', '') || '+00:00';
  return `UTC${offset}`;
}

/** Offsets depend on the date (DST), so callers may pin `at`; the api can cache per day. */
export function timezoneGroups(at: Date = new Date()): TimezoneGroups {
  const groups: TimezoneGroups = {};
  for (const value of Intl.supportedValuesOf('timeZone')) {
    const region = value.split('/')[0] ?? value;
    const list = groups[region] ?? [];
    list.push({ value, text: `(${utcOffset(value, at)}) ${value}` });
    groups[region] = list;
  }
  return groups;
}

export function localizationOptions(locale = 'en'): LocalizationOptions {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'language' });
  return sortByName(
    commonLanguages.map((language) => ({ language, name: names.of(language) ?? language })),
    locale,
  );
}
