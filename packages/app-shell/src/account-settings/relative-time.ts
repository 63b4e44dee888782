/** Spec 9: units from seconds to years, 4.34524 weeks per month; under a minute "a few seconds ago". */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 4.34524 * 7 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function formatRelativeTime(date: string | Date, locale = 'en', now = Date.now()): string | null {
  const seconds = Math.round((new Date(date).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return null;
  if (Math.abs(seconds) < 60) return null;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}
