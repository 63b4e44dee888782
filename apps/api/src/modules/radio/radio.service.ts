import type { TRadioQuery, TRadioResponse, TRadioSeedType } from '@cadence/contracts/radio';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { loadTrackCards } from '../search/cards.repository';
import {
  artistsOfTracks,
  genreByNameOrId,
  genresOf,
  likeCounts,
  playlistTrackIds,
  seedName,
  similarTo,
  type TrackRow,
  tracksByArtists,
  tracksByGenres,
  tracksByIds,
  userTasteTrackIds,
} from './radio.repository';
import { pickRadioTracks, type RadioCandidate } from './radio-queue';

/** How strongly each source fits the seed; similar artists scale with their stored score. */
const RELEVANCE = { seed: 1, seedArtist: 0.8, genre: 0.35, similarBase: 0.3, similarSpan: 0.6 } as const;

type Source = { rows: TrackRow[]; relevance: number | ((row: TrackRow) => number) };
type Seed = { id: number | string; name: string; sources: Source[]; leadTrackId?: number };

export type RadioService = ReturnType<typeof createRadioService>;

export function createRadioService(db: Kysely<Database>, random: () => number = Math.random) {
  const positiveId = (raw: string) => {
    const id = Number(raw);
    if (!/^\d{1,15}$/.test(raw) || id < 1) throw new AppError('not_found');
    return id;
  };

  /** Tracks of the artists, of artists similar to them, and of their genres. */
  async function around(artistIds: number[], genreIds: number[], artistRelevance: number): Promise<Source[]> {
    const similar = await similarTo(db, artistIds);
    for (const id of artistIds) similar.delete(id);
    const [own, related, genre] = await Promise.all([
      tracksByArtists(db, artistIds),
      tracksByArtists(db, [...similar.keys()]),
      tracksByGenres(db, genreIds),
    ]);
    return [
      { rows: own, relevance: artistRelevance },
      {
        rows: related,
        relevance: (row) =>
          RELEVANCE.similarBase + RELEVANCE.similarSpan * (similar.get(row.artistId ?? 0) ?? 0),
      },
      { rows: genre, relevance: RELEVANCE.genre },
    ];
  }

  async function resolveSeed(type: TRadioSeedType, rawId: string): Promise<Seed> {
    if (type === 'genre') {
      const genre = await genreByNameOrId(db, rawId);
      if (!genre) throw new AppError('not_found');
      // A genre station stays inside its genre.
      return {
        id: genre.id,
        name: genre.name,
        sources: [{ rows: await tracksByGenres(db, [genre.id]), relevance: 1 }],
      };
    }
    const id = positiveId(rawId);
    const name = await seedName(db, type, id);
    if (name === null) throw new AppError('not_found');
    if (type === 'artist') {
      const genres = await genresOf(db, { artistIds: [id] });
      return { id, name, sources: await around([id], genres, RELEVANCE.seed) };
    }
    if (type === 'track') {
      const artistIds = await artistsOfTracks(db, [id]);
      const genres = await genresOf(db, { trackIds: [id], artistIds });
      const sources = await around(artistIds, genres, RELEVANCE.seedArtist);
      return {
        id,
        name,
        leadTrackId: id,
        sources: [{ rows: await tracksByIds(db, [id]), relevance: 1 }, ...sources],
      };
    }
    const taste =
      type === 'playlist'
        ? { trackIds: await playlistTrackIds(db, id), artistIds: [] as number[] }
        : await userTasteTrackIds(db, id);
    const artistIds = [
      ...new Set([...taste.artistIds, ...(await artistsOfTracks(db, taste.trackIds.slice(0, 100)))]),
    ];
    const genres = await genresOf(db, { trackIds: taste.trackIds.slice(0, 100), artistIds });
    const sources = await around(artistIds.slice(0, 30), genres, 0.6);
    return {
      id,
      name,
      sources: [{ rows: await tracksByIds(db, taste.trackIds), relevance: RELEVANCE.seed }, ...sources],
    };
  }

  return {
    async station(type: TRadioSeedType, rawId: string, query: TRadioQuery): Promise<TRadioResponse> {
      const seed = await resolveSeed(type, rawId);
      const rows = seed.sources.flatMap((source) =>
        source.rows.map((row) => ({
          row,
          relevance: typeof source.relevance === 'number' ? source.relevance : source.relevance(row),
        })),
      );
      const likes = await likeCounts(db, [...new Set(rows.map(({ row }) => row.trackId))]);
      const candidates: RadioCandidate[] = rows.map(({ row, relevance }) => ({
        trackId: row.trackId,
        artistId: row.artistId,
        relevance,
        plays: row.plays,
        likes: likes.get(row.trackId) ?? 0,
      }));
      const exclude = new Set(query.exclude);
      const isLeadFirst = seed.leadTrackId !== undefined && !exclude.has(seed.leadTrackId);
      const lead = isLeadFirst ? candidates.filter((c) => c.trackId === seed.leadTrackId).slice(0, 1) : [];
      const picked = pickRadioTracks(candidates, {
        size: query.perPage - lead.length,
        exclude: [...exclude, ...lead.map((c) => c.trackId)],
        random,
      });
      const tracks = await loadTrackCards(
        db,
        [...lead, ...picked].map((c) => c.trackId),
      );
      return { seed: { type, id: seed.id, name: seed.name }, tracks };
    },
  };
}
