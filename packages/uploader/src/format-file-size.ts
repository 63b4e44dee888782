/** Spec 9: file size units B to YB, base 1024. */
export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** `2097152` -> `2 MB`; one fraction digit at most, trailing zeros dropped. */
export function formatFileSize(bytes: number, fractionDigits = 1): string {
  if (!Number.isFinite(bytes) || bytes < 1) return `${Math.max(0, Math.trunc(bytes) || 0)} B`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), FILE_SIZE_UNITS.length - 1);
  const value = Number((bytes / 1024 ** exponent).toFixed(fractionDigits));
  return `${value} ${FILE_SIZE_UNITS[exponent]}`;
}
