import { XMLBuilder } from 'fast-xml-parser';

export type ExportedTrack = {
  id: number;
  name: string;
  artists: string[];
  album: string | null;
  duration_ms: number | null;
  url: string;
};

/** Extended M3U in UTF-8: each track's length, "artist - title" and its page on this site. */
export function toM3u8(name: string, tracks: ExportedTrack[]): string {
  const lines = ['#EXTM3U', `#PLAYLIST:${name.replace(/[\r\n]+/g, ' ')}`];
  for (const track of tracks) {
    const seconds = track.duration_ms ? Math.round(track.duration_ms / 1000) : -1;
    const label = [track.artists.join(', '), track.name].filter(Boolean).join(' - ');
    lines.push(`#EXTINF:${seconds},${label.replace(/[\r\n]+/g, ' ')}`);
    if (track.album) lines.push(`#EXTALB:${track.album.replace(/[\r\n]+/g, ' ')}`);
    lines.push(track.url);
  }
  return `${lines.join('\n')}\n`;
}

const xml = new XMLBuilder({ format: true, ignoreAttributes: false, suppressEmptyNode: true });

/** XSPF 1 (xspf.org/ns/0): title, creator, album, duration in ms and the track's page. */
export function toXspf(name: string, tracks: ExportedTrack[]): string {
  const document = {
    playlist: {
      '@_version': '1',
      '@_xmlns': 'http://xspf.org/ns/0/',
      title: name,
      trackList: {
        track: tracks.map((track) => ({
          location: track.url,
          title: track.name,
          ...(track.artists.length ? { creator: track.artists.join(', ') } : {}),
          ...(track.album ? { album: track.album } : {}),
          ...(track.duration_ms ? { duration: track.duration_ms } : {}),
        })),
      },
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build(document)}`;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const field = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // A leading = + - @ would be a formula in a spreadsheet: a quote keeps it text.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
