import type { TAudioMetadata } from '@cadence/contracts/import';
import { parseFile } from 'music-metadata';

export type AudioFileMetadata = TAudioMetadata & { coverData: Uint8Array | null };

const MIME_BY_CONTAINER: Record<string, string> = {
  mpeg: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  'ogg/opus': 'audio/ogg',
  'ogg/vorbis': 'audio/ogg',
  wave: 'audio/wav',
  'mpeg-4': 'audio/mp4',
  m4a: 'audio/mp4',
};

export class UnreadableAudioError extends Error {}

const clean = (value: string | undefined | null) => {
  const text = value?.replaceAll('\u0000', '').trim();
  return text ? text : null;
};

/** An LRC body has `[mm:ss.xx]` time stamps at line starts. */
export function isSyncedLyrics(text: string): boolean {
  return /^\s*\[\d{1,3}:\d{2}(?:[.:]\d{1,3})?\]/m.test(text);
}

const lrcStamp = (ms: number) => {
  const minutes = Math.floor(ms / 60_000);
  const seconds = ((ms % 60_000) / 1000).toFixed(2).padStart(5, '0');
  return `[${String(minutes).padStart(2, '0')}:${seconds}]`;
};

type LyricsTag = string | { text?: string; syncText?: { timestamp?: number; text: string }[] } | undefined;

/** Timed lines become LRC again (the parser strips the stamps into `syncText`). */
function lyricsOf(tag: LyricsTag): string | null {
  if (!tag) return null;
  if (typeof tag === 'string') return tag;
  const timed = (tag.syncText ?? []).filter((line) => typeof line.timestamp === 'number');
  if (timed.length > 0)
    return timed.map((line) => `${lrcStamp(line.timestamp as number)}${line.text}`).join('\n');
  return tag.text ?? null;
}

/** Tags, duration, bitrate, cover and lyrics of one file; throws UnreadableAudioError when it is not audio. */
export async function readAudioMetadata(filePath: string): Promise<AudioFileMetadata> {
  let parsed: Awaited<ReturnType<typeof parseFile>>;
  try {
    parsed = await parseFile(filePath, { duration: true, skipPostHeaders: true });
  } catch (error) {
    throw new UnreadableAudioError(error instanceof Error ? error.message : String(error));
  }
  const { common, format } = parsed;
  const hasAudio = Boolean(format.container) && (format.duration ?? 0) > 0;
  if (!hasAudio) throw new UnreadableAudioError('No audio stream with a duration was found.');
  const container = (format.container ?? '').toLowerCase();
  const codec = (format.codec ?? '').toLowerCase();
  const mime =
    MIME_BY_CONTAINER[container] ??
    (container.includes('ogg') || codec.includes('opus') ? 'audio/ogg' : null) ??
    (container.includes('mp4') || container.includes('m4a') ? 'audio/mp4' : 'application/octet-stream');
  const lyricsText = clean(lyricsOf(common.lyrics?.[0]));
  const picture = common.picture?.[0] ?? null;
  const artists = (common.artists?.length ? common.artists : common.artist ? [common.artist] : [])
    .map((name) => clean(name))
    .filter((name): name is string => name !== null);
  return {
    title: clean(common.title),
    artists: [...new Set(artists)],
    albumArtist: clean(common.albumartist),
    album: clean(common.album),
    trackNumber: common.track?.no ?? null,
    year: common.year ?? null,
    genres: [
      ...new Set(
        (common.genre ?? [])
          .flatMap((g) => g.split(/[;,/]/))
          .map((g) => g.trim())
          .filter(Boolean),
      ),
    ],
    durationMs: format.duration ? Math.round(format.duration * 1000) : null,
    bitrate: format.bitrate ? Math.round(format.bitrate) : null,
    mime,
    lyrics: lyricsText,
    isLyricsSynced: lyricsText ? isSyncedLyrics(lyricsText) : false,
    cover: picture ? { mime: picture.format, size: picture.data.length } : null,
    coverData: picture ? picture.data : null,
  };
}
