import type { TLocalizationsQuery } from '@cadence/contracts/localizations';
import { type Kysely, sql, type Transaction } from 'kysely';
import { adminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type LocalizationRow = {
  id: number;
  name: string;
  language: string;
  updated_at: Date;
  lines: Record<string, string>;
};

const SORTABLE = {
  name: 'localizations.name',
  language: 'localizations.language',
  updated_at: 'localizations.updated_at',
};

export async function page(db: Db, params: TLocalizationsQuery) {
  let base = db.selectFrom('localizations');
  if (params.query)
    base = base.where(searchColumns(['localizations.name', 'localizations.language'], params.query));
  return adminPage(
    base,
    params,
    { sortable: SORTABLE, defaultOrderBy: 'name', defaultDir: 'asc', tieBreaker: 'localizations.id' },
    (query) => query.select(['id', 'name', 'language', 'updated_at', 'lines']),
  );
}

export async function findById(db: Db, id: number): Promise<LocalizationRow | undefined> {
  const row = await db
    .selectFrom('localizations')
    .select(['id', 'name', 'language', 'updated_at', 'lines'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, lines: row.lines ?? {} } : undefined;
}

export async function findByLanguage(db: Db, language: string) {
  return db
    .selectFrom('localizations')
    .select(['id', 'name', 'language'])
    .where(sql<boolean>`lower(language) = lower(${language})`)
    .executeTakeFirst();
}

export async function insert(db: Db, values: { name: string; language: string }): Promise<number> {
  const row = await db
    .insertInto('localizations')
    .values({ ...values, lines: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function rename(db: Db, id: number, name: string) {
  await db.updateTable('localizations').set({ name, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function remove(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('localizations').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Merges translations into the jsonb map in one statement; `removals` fall back to the source. */
export async function mergeLines(db: Db, id: number, patch: Record<string, string>, removals: string[]) {
  await db
    .updateTable('localizations')
    .set({
      lines: sql`(lines || ${JSON.stringify(patch)}::jsonb) - ${sql.val(removals)}::text[]`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}
