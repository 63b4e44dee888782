import { SubsonicError } from './subsonic-response';

/**
 * The parameters of one call: the query string and, with the `formPost` extension, the
 * url-encoded body, merged (Subsonic repeats names for lists: `id=1&id=2`).
 */
export class SubsonicParams {
  private readonly values = new Map<string, string[]>();

  constructor(sources: (string | undefined)[]) {
    for (const source of sources) {
      if (!source) continue;
      for (const [key, value] of new URLSearchParams(source)) {
        this.values.set(key, [...(this.values.get(key) ?? []), value]);
      }
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  has(name: string): boolean {
    return (this.values.get(name)?.[0] ?? '') !== '';
  }

  all(name: string): string[] {
    return (this.values.get(name) ?? []).filter((value) => value !== '');
  }

  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '') {
      throw new SubsonicError('missing_parameter', `Required parameter is missing: ${name}`);
    }
    return value;
  }

  /** A whole number clamped into [min, max]; absent or unreadable gives the fallback. */
  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.get(name);
    if (raw === undefined || !/^-?\d{1,15}$/.test(raw.trim())) return fallback;
    return Math.min(max, Math.max(min, Number(raw)));
  }

  /** An integer the call cannot do without (a year, a position); unreadable is error 10. */
  requiredInt(name: string): number {
    const raw = this.required(name).trim();
    if (!/^-?\d{1,9}$/.test(raw)) {
      throw new SubsonicError('missing_parameter', `Parameter ${name} must be a whole number`);
    }
    return Number(raw);
  }

  bool(name: string): boolean | undefined {
    const raw = this.get(name)?.toLowerCase();
    if (raw === undefined || raw === '') return undefined;
    return raw === 'true' || raw === '1';
  }
}
