import type { TAppearanceTheme } from '@cadence/contracts/appearance';
import type { TTheme } from '@cadence/contracts/theme';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Theme = Omit<TAppearanceTheme, 'id'>;

function columns(theme: Theme) {
  const family = theme.values['--be-font-family'];
  return {
    name: theme.name,
    is_dark: theme.is_dark,
    default_light: theme.default_light,
    default_dark: theme.default_dark,
    values: JSON.stringify(theme.values),
    font: family ? JSON.stringify({ family }) : null,
  };
}

/** Site themes only (`user_id` null); users' own themes are not the editor's. */
export async function siteThemes(db: Kysely<Database>): Promise<TTheme[]> {
  const rows = await db
    .selectFrom('themes')
    .select(['id', 'name', 'is_dark', 'default_light', 'default_dark', 'values'])
    .where('user_id', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, values: row.values ?? {} }));
}

export async function siteThemeIds(db: Kysely<Database> | Transaction<Database>): Promise<number[]> {
  const rows = await db.selectFrom('themes').select('id').where('user_id', 'is', null).execute();
  return rows.map((row) => row.id);
}

export async function insertTheme(trx: Transaction<Database>, theme: Theme): Promise<number> {
  const row = await trx
    .insertInto('themes')
    .values({ ...columns(theme), user_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTheme(trx: Transaction<Database>, id: number, theme: Theme): Promise<void> {
  await trx
    .updateTable('themes')
    .set({ ...columns(theme), updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .execute();
}

export async function deleteThemes(trx: Transaction<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('themes').where('id', 'in', ids).where('user_id', 'is', null).execute();
}
