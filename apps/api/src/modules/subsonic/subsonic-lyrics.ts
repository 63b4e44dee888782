import { parseLrc } from '@cadence/contracts/lrc';
import { assertActorCanAny } from '../../platform/auth/actor';
import * as lyricsRepository from '../lyrics/lyrics.repository';
import { visibleSong } from './subsonic-browse';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { searchSongs } from './subsonic-songs.repository';

const plainText = (text: string, isSynced: boolean) =>
  isSynced
    ? parseLrc(text)
        .map((line) => line.text)
        .join('\n')
    : text;

async function lyricsOf(context: SubsonicContext, trackId: number) {
  return lyricsRepository.ofTrack(context.app.deps.db, trackId);
}

export const lyricsMethods: Record<string, SubsonicMethod> = {
  /** Subsonic's lookup by artist and title: the first listed track that matches and has lyrics. */
  getLyrics: async (context) => {
    await assertActorCanAny(context.actor, ['lyrics.view']);
    const title = (context.params.get('title') ?? '').trim();
    const artist = (context.params.get('artist') ?? '').trim().toLowerCase();
    if (!title) return { lyrics: {} };
    const candidates = await searchSongs(context.app.deps.db, context.user.id, title, {
      size: 20,
      offset: 0,
    });
    for (const song of candidates) {
      if (artist && !(song.artist_name ?? '').toLowerCase().includes(artist)) continue;
      const lyrics = await lyricsOf(context, song.id);
      if (!lyrics) continue;
      return {
        lyrics: {
          artist: song.artist_name ?? undefined,
          title: song.name,
          value: plainText(lyrics.text, lyrics.synced),
        },
      };
    }
    return { lyrics: {} };
  },

  /** OpenSubsonic `songLyrics`: timed lines when the lyrics are synced (LRC), else plain lines. */
  getLyricsBySongId: async (context) => {
    await assertActorCanAny(context.actor, ['lyrics.view']);
    const song = await visibleSong(context, context.params.required('id'));
    const lyrics = await lyricsOf(context, song.id);
    if (!lyrics) return { lyricsList: { structuredLyrics: [] } };
    const line = lyrics.synced
      ? parseLrc(lyrics.text).map((entry) => ({ start: entry.time_ms, value: entry.text }))
      : lyrics.text.split(/\r?\n/).map((text) => ({ value: text }));
    return {
      lyricsList: {
        structuredLyrics: [
          {
            displayArtist: song.artist_name ?? undefined,
            displayTitle: song.name,
            lang: lyrics.language ?? 'xxx',
            synced: lyrics.synced,
            line,
          },
        ],
      },
    };
  },
};
