export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * A range of days as the whole calendar months inside it (read from the monthly roll-up) and
 * the days before and after them (read from the daily one). `months.to` is the first day of the
 * last whole month; both lists are inclusive.
 */
export function splitByMonth(range: DayRange): { months: DayRange | null; days: DayRange[] } {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  const start = new Date(from);
  const firstMonth =
    start.getUTCDate() === 1 ? from : Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  const after = new Date(to + DAY_MS);
  // The first day after the last whole month.
  const endMonth =
    after.getUTCDate() === 1 ? after.getTime() : Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), 1);
  if (firstMonth >= endMonth) return { months: null, days: [range] };
  const lastMonth = new Date(endMonth);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  const days: DayRange[] = [];
  if (from < firstMonth) days.push({ from: range.from, to: iso(firstMonth - DAY_MS) });
  if (endMonth <= to) days.push({ from: iso(endMonth), to: range.to });
  return { months: { from: iso(firstMonth), to: iso(lastMonth.getTime()) }, days };
}
