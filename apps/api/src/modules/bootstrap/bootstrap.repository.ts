import type { TI18n, TLocalization } from '@cadence/contracts/i18n';
import type { TTheme } from '@cadence/contracts/theme';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export async function siteThemes(db: Kysely<Database>): Promise<TTheme[]> {
  const rows = await db
    .selectFrom('themes')
    .select(['id', 'name', 'is_dark', 'default_light', 'default_dark', 'values'])
    .where('user_id', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, values: row.values ?? {} }));
}

export async function localizations(db: Kysely<Database>): Promise<TLocalization[]> {
  return db.selectFrom('localizations').select(['id', 'name', 'language']).orderBy('name').execute();
}

/** The requested language, else the default one, else any: one query. */
export async function i18n(db: Kysely<Database>, language: string, fallback: string): Promise<TI18n | null> {
  const row = await db
    .selectFrom('localizations')
    .select(['id', 'name', 'language', 'lines'])
    .where('language', 'in', [language, fallback, 'en'])
    .orderBy((eb) =>
      eb.case().when('language', '=', language).then(0).when('language', '=', fallback).then(1).else(2).end(),
    )
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, lines: row.lines ?? {} } : null;
}
