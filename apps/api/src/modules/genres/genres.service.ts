import type { TGenre } from '@cadence/contracts/genre';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { displayName } from '../catalogue/catalogue-links';
import type { Page } from '../catalogue/catalogue-query.repository';
import { isoRequired, mapPage, orNotFound } from '../catalogue/catalogue-utils';
import { loadCounts } from '../catalogue/counts';
import {
  deleteGenre,
  findGenre,
  genrePage,
  insertGenre,
  isGenreNameTaken,
  updateGenre,
} from './genres.repository';
import type { GenresTable } from './genres.tables';

type Db = Kysely<Database>;
type GenreRow = Selectable<GenresTable>;
type GenreInput = { name?: string; display_name?: string | null; image?: string | null; popularity?: number };

function toDto(row: GenreRow, counts?: Record<string, number>): TGenre {
  const dto: TGenre = {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    image: row.image,
    popularity: row.popularity,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
  if (counts) dto.counts = counts;
  return dto;
}

export function createGenresService(db: Db) {
  async function findOr404(key: string): Promise<GenreRow> {
    return orNotFound(await findGenre(db, key), 'Genre not found.');
  }

  async function assertNameFree(name: string, exceptId?: number) {
    if (await isGenreNameTaken(db, name, exceptId))
      throw validationError({ name: 'A genre with this name already exists.' });
  }

  async function list(query: {
    page: number;
    perPage: number;
    orderBy?: string;
    orderDir?: 'asc' | 'desc';
    query?: string;
    loadCount: string[];
  }): Promise<Page<TGenre>> {
    const page = await genrePage(db, query);
    return mapPage(page, async (rows) => {
      const counts = await loadCounts(
        db,
        'genre',
        query.loadCount,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toDto(row, query.loadCount.length ? counts.get(row.id) : undefined));
    });
  }

  async function show(key: string): Promise<TGenre> {
    const row = await findOr404(key);
    const counts = await loadCounts(db, 'genre', ['artists', 'albums', 'tracks'], [row.id]);
    return toDto(row, counts.get(row.id));
  }

  async function create(input: GenreInput & { name: string }): Promise<TGenre> {
    await assertNameFree(input.name);
    const row = await insertGenre(db, {
      name: input.name,
      display_name: input.display_name ?? displayName(input.name),
      image: input.image ?? null,
      popularity: input.popularity ?? 0,
    });
    return toDto(row);
  }

  async function update(key: string, input: GenreInput): Promise<TGenre> {
    const genre = await findOr404(key);
    if (input.name) await assertNameFree(input.name, genre.id);
    const row = await updateGenre(db, genre.id, { ...input, updated_at: new Date() });
    return toDto(row);
  }

  async function remove(key: string): Promise<void> {
    const genre = await findOr404(key);
    await deleteGenre(db, genre.id);
  }

  return { list, show, create, update, remove };
}
