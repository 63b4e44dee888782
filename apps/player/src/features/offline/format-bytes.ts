const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1,536 -> "1.5 KB": storage sizes for the Downloaded view (powers of 1024, as browsers report). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
