import type { TGenre } from '@cadence/contracts/genre';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import {
  isoRequired,
  likePattern,
  mapPage,
  orNotFound,
  type Page,
  paginate,
} from '../catalogue/catalogue-utils';
import { loadCounts } from '../library/counts';
import { displayName } from './genre-links';
import type { GenresTable } from './genres.tables';

type Db = Kysely<Database>;
type GenreRow = Selectable<GenresTable>;
type GenreInput = { name?: string; display_name?: string | null; image?: string | null; popularity?: number };

const ORDER_COLUMNS = {
  name: 'name',
  popularity: 'popularity',
  created_at: 'created_at',
  id: 'id',
} as const;

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
    const query = db.selectFrom('genres').selectAll();
    const row = await (/^\d+$/.test(key)
      ? query.where('id', '=', Number(key))
      : query.where('name', '=', key.toLowerCase())
    ).executeTakeFirst();
    return orNotFound(row, 'Genre not found.');
  }

  async function assertNameFree(name: string, exceptId?: number) {
    let query = db.selectFrom('genres').select('id').where('name', '=', name);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst())
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
    let base = db.selectFrom('genres');
    if (query.query) base = base.where(sql<boolean>`lower(name) like lower(${likePattern(query.query)})`);
    const column = ORDER_COLUMNS[(query.orderBy ?? 'popularity') as keyof typeof ORDER_COLUMNS];
    const direction = query.orderDir ?? (query.orderBy === 'name' ? 'asc' : 'desc');
    const page = await paginate(base, query, (q) =>
      q.selectAll().orderBy(column, direction).orderBy('id', direction),
    );
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
    const row = await db
      .insertInto('genres')
      .values({
        name: input.name,
        display_name: input.display_name ?? displayName(input.name),
        image: input.image ?? null,
        popularity: input.popularity ?? 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDto(row);
  }

  async function update(key: string, input: GenreInput): Promise<TGenre> {
    const genre = await findOr404(key);
    if (input.name) await assertNameFree(input.name, genre.id);
    const row = await db
      .updateTable('genres')
      .set({ ...input, updated_at: new Date() })
      .where('id', '=', genre.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDto(row);
  }

  async function remove(key: string): Promise<void> {
    const genre = await findOr404(key);
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('channelables')
        .where('model_type', '=', 'genre')
        .where('model_id', '=', genre.id)
        .execute();
      await trx.deleteFrom('genres').where('id', '=', genre.id).execute();
    });
  }

  return { list, show, create, update, remove };
}
