import type { FastifyPluginAsync } from 'fastify';
import { albumsRoutes } from '../albums/albums.routes';
import { artistsRoutes } from '../artists/artists.routes';
import { commentsRoutes } from '../comments/comments.routes';
import { genresRoutes } from '../genres/genres.routes';
import { artistFollowersRoutes } from '../library/artist-followers.routes';
import { libraryRoutes } from '../library/library.routes';
import { libraryStateRoutes } from '../library/library-state.routes';
import { lyricsRoutes } from '../lyrics/lyrics.routes';
import { playlistsRoutes } from '../playlists/playlists.routes';
import { playsRoutes } from '../plays/plays.routes';
import { streamingRoutes } from '../streaming/streaming.routes';
import { taggedMusicRoutes } from '../tags/tagged-music.routes';
import { tagsRoutes } from '../tags/tags.routes';
import { tracksRoutes } from './tracks.routes';

/** Every catalogue, social and streaming route of the music domain (issue 4, part 1). */
export const cataloguePlugin: FastifyPluginAsync = async (app) => {
  await app.register(artistsRoutes);
  await app.register(albumsRoutes);
  await app.register(tracksRoutes);
  await app.register(genresRoutes);
  await app.register(tagsRoutes);
  await app.register(taggedMusicRoutes);
  await app.register(lyricsRoutes);
  await app.register(playlistsRoutes);
  await app.register(libraryRoutes);
  await app.register(libraryStateRoutes);
  await app.register(artistFollowersRoutes);
  await app.register(commentsRoutes);
  await app.register(playsRoutes);
  await app.register(streamingRoutes);
};
