import {
  type PLAYLIST_IMPORT_FORMATS,
  PLAYLIST_IMPORT_MAX_LINES,
  type TImportEntry,
} from '@cadence/contracts/playlist-import';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { validationError } from '../../platform/http/app-error';

export type ParsedPlaylist = { name: string | null; entries: TImportEntry[] };
export type ParsedFile = { format: (typeof PLAYLIST_IMPORT_FORMATS)[number]; playlists: ParsedPlaylist[] };

const refuse = (message: string) => validationError({ file: message });
const text = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};
const entry = (position: number, fields: Omit<TImportEntry, 'position'>): TImportEntry => ({
  position,
  ...fields,
});

/** `#EXTINF:<seconds>,<artist> - <title>` and the path line after it; `#EXTALB`/`#EXTART` where given. */
function parseM3u(body: string): ParsedFile {
  const entries: TImportEntry[] = [];
  let info: { seconds: number | null; label: string } | null = null;
  let album: string | null = null;
  let artist: string | null = null;
  let name: string | null = null;
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line === '#EXTM3U') continue;
    if (line.startsWith('#PLAYLIST:')) name = text(line.slice(10));
    else if (line.startsWith('#EXTALB:')) album = text(line.slice(8));
    else if (line.startsWith('#EXTART:')) artist = text(line.slice(8));
    else if (line.startsWith('#EXTINF:')) {
      const [seconds, ...label] = line.slice(8).split(',');
      const parsed = Number.parseFloat(seconds ?? '');
      info = {
        seconds: Number.isFinite(parsed) && parsed > 0 ? parsed : null,
        label: label.join(',').trim(),
      };
    } else if (!line.startsWith('#')) {
      // Without #EXTINF the file name says what it can: "Artist - Title.mp3".
      const label =
        info?.label || decodeURIComponent(line.split(/[\\/]/).pop() ?? '').replace(/\.[a-z0-9]{2,5}$/i, '');
      const split = label.indexOf(' - ');
      const title = split > 0 ? label.slice(split + 3) : label;
      entries.push(
        entry(entries.length + 1, {
          title: title.trim(),
          artist: (split > 0 ? text(label.slice(0, split)) : null) ?? artist,
          album,
          duration_ms: info?.seconds ? Math.round(info.seconds * 1000) : null,
        }),
      );
      info = null;
      album = null;
      artist = null;
    }
  }
  return { format: 'm3u', playlists: [{ name, entries: entries.filter((e) => e.title !== '') }] };
}

/** XSPF 1: `playlist/trackList/track` with `title`, `creator`, `album`, `duration` (ms). */
function parseXspf(body: string): ParsedFile {
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw refuse(`The XML is broken: ${valid.err.msg} (line ${valid.err.line}).`);
  const parsed = new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    parseTagValue: false,
    processEntities: true,
    isArray: (tag) => tag === 'track',
  }).parse(body) as {
    playlist?: { title?: unknown; trackList?: { track?: Record<string, unknown>[] } | '' };
  };
  if (!parsed.playlist || typeof parsed.playlist !== 'object')
    throw refuse('This XML file is not an XSPF playlist (no <playlist> element).');
  const tracks = (typeof parsed.playlist.trackList === 'object' && parsed.playlist.trackList.track) || [];
  const entries = tracks.flatMap((track, index) => {
    const title = text(track.title);
    if (!title) return [];
    const duration = Number(text(track.duration));
    return [
      entry(index + 1, {
        title,
        artist: text(track.creator),
        album: text(track.album),
        duration_ms: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : null,
      }),
    ];
  });
  return { format: 'xspf', playlists: [{ name: text(parsed.playlist.title), entries }] };
}

type SpotifyItem = { track?: { trackName?: unknown; artistName?: unknown; albumName?: unknown } | null };

/** Spotify's account data export, `Playlist1.json`: `{playlists: [{name, items: [{track: {...}}]}]}`. */
function parseSpotify(body: string): ParsedFile {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw refuse(`The JSON is broken: ${error instanceof Error ? error.message : 'it cannot be read'}.`);
  }
  const playlists = (json as { playlists?: unknown } | null)?.playlists;
  if (!Array.isArray(playlists))
    throw refuse('This JSON file is not a Spotify playlist export (no "playlists" list).');
  return {
    format: 'spotify',
    playlists: playlists.map((playlist: { name?: unknown; items?: unknown }) => {
      const items = Array.isArray(playlist?.items) ? (playlist.items as SpotifyItem[]) : [];
      // Episodes and local files have no track: they are not music of this catalogue.
      const entries = items.flatMap((item, index) => {
        const title = text(item?.track?.trackName);
        if (!title) return [];
        return [
          entry(index + 1, {
            title,
            artist: text(item.track?.artistName),
            album: text(item.track?.albumName),
            duration_ms: null,
          }),
        ];
      });
      return { name: text(playlist?.name), entries };
    }),
  };
}

const tooLong = (what: 'lines' | 'tracks') =>
  refuse(
    `The playlist has more than ${PLAYLIST_IMPORT_MAX_LINES.toLocaleString('en')} ${what}: split it into smaller files.`,
  );

function countLines(body: string): number {
  let count = 1;
  for (let index = body.indexOf('\n'); index !== -1; index = body.indexOf('\n', index + 1)) count += 1;
  return count;
}

/** Reads an M3U/M3U8, XSPF or Spotify export, by its content (a name can lie). */
export function parsePlaylistFile(bytes: Buffer): ParsedFile {
  const body = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (body.trim() === '') throw refuse('The file is empty.');
  const start = body.trimStart()[0];
  const isM3u = start !== '<' && start !== '{' && start !== '[';
  // An M3U is refused before it is read; the other formats count their tracks once read.
  if (isM3u && countLines(body) > PLAYLIST_IMPORT_MAX_LINES) throw tooLong('lines');
  const parsed =
    start === '<' ? parseXspf(body) : start === '{' || start === '[' ? parseSpotify(body) : parseM3u(body);
  // A JSON export spends several lines of layout on each track: its tracks are what is counted.
  const tracks = parsed.playlists.reduce((sum, playlist) => sum + playlist.entries.length, 0);
  if (tracks > PLAYLIST_IMPORT_MAX_LINES) throw tooLong('tracks');
  if (parsed.playlists.every((playlist) => playlist.entries.length === 0))
    throw refuse('The file lists no tracks.');
  return parsed;
}
