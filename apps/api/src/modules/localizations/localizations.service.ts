import type {
  TAdminLocalization,
  TCreateLocalizationPayload,
  TLocalizationLine,
  TLocalizationLinesQuery,
  TLocalizationsQuery,
} from '@cadence/contracts/localizations';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { englishLines } from '../../seed/data/localization-en';
import { recordAudit } from '../audit-log/record-audit';
import type { SettingsService } from '../settings/settings.service';
import type { LocalizationRow } from './localizations.repository';
import * as repo from './localizations.repository';

type Deps = { db: Kysely<Database>; settings: SettingsService };
export type Actor = { id: number | null; ip: string | null };

/** Every line the apps show: the shipped English sources, plus any added to the English row. */
async function sourceLines(db: Kysely<Database>): Promise<Record<string, string>> {
  const english = await repo.findByLanguage(db, 'en');
  const row = english ? await repo.findById(db, english.id) : undefined;
  return { ...englishLines, ...(row?.lines ?? {}) };
}

const isTranslated = (lines: Record<string, string>, key: string) => Boolean(lines[key]?.trim());

export function createLocalizationsService({ db, settings }: Deps) {
  async function toDto(
    row: Omit<LocalizationRow, 'lines'> & { lines: Record<string, string> | null },
    sources: Record<string, string>,
    defaultLanguage: string,
  ): Promise<TAdminLocalization> {
    const lines = row.lines ?? {};
    const keys = Object.keys(sources);
    return {
      id: row.id,
      name: row.name,
      language: row.language,
      is_default: row.language === defaultLanguage,
      translated_count: keys.filter((key) => isTranslated(lines, key)).length,
      lines_count: keys.length,
      updated_at: row.updated_at.toISOString(),
    };
  }

  async function findOr404(id: number): Promise<LocalizationRow> {
    const row = await repo.findById(db, id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  async function show(id: number): Promise<TAdminLocalization> {
    const [row, sources, defaultLanguage] = await Promise.all([
      findOr404(id),
      sourceLines(db),
      settings.get('i18n.default_localization'),
    ]);
    return toDto(row, sources, defaultLanguage);
  }

  async function list(params: TLocalizationsQuery) {
    const [page, sources, defaultLanguage] = await Promise.all([
      repo.page(db, params),
      sourceLines(db),
      settings.get('i18n.default_localization'),
    ]);
    const data = await Promise.all(page.pagination.data.map((row) => toDto(row, sources, defaultLanguage)));
    return { pagination: { ...page.pagination, data } };
  }

  async function create(actor: Actor, input: TCreateLocalizationPayload): Promise<number> {
    if (await repo.findByLanguage(db, input.language)) {
      throw validationError({ language: 'This language already exists.' });
    }
    const id = await db.transaction().execute(async (trx) => {
      const created = await repo.insert(trx, input);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'localizations.create',
        subjectType: 'localizations',
        subjectId: created,
        after: input,
        ipAddress: actor.ip,
      });
      return created;
    });
    await settings.dropCache();
    return id;
  }

  async function rename(actor: Actor, id: number, name: string) {
    const row = await findOr404(id);
    await db.transaction().execute(async (trx) => {
      await repo.rename(trx, id, name);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'localizations.update',
        subjectType: 'localizations',
        subjectId: id,
        before: { name: row.name },
        after: { name },
        ipAddress: actor.ip,
      });
    });
    await settings.dropCache();
  }

  /** The default language cannot be deleted: new users and guests read it. */
  async function remove(actor: Actor, ids: number[]): Promise<number> {
    const defaultLanguage = await settings.get('i18n.default_localization');
    const rows = (await Promise.all(ids.map((id) => repo.findById(db, id)))).filter(
      (row): row is LocalizationRow => row !== undefined,
    );
    if (rows.some((row) => row.language === defaultLanguage)) {
      throw validationError({
        ids: 'The default language cannot be deleted. Make another language the default first.',
      });
    }
    const deleted = await db.transaction().execute(async (trx) => {
      const count = await repo.remove(
        trx,
        rows.map((row) => row.id),
      );
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'localizations.delete',
        subjectType: 'localizations',
        before: rows.map((row) => ({ id: row.id, name: row.name, language: row.language })),
        ipAddress: actor.ip,
      });
      return count;
    });
    await settings.dropCache();
    return deleted;
  }

  /** New users and guests get this language (the `i18n.default_localization` setting). */
  async function setDefault(actor: Actor, id: number) {
    const row = await findOr404(id);
    const before = await settings.get('i18n.default_localization');
    await db.transaction().execute(async (trx) => {
      await settings.save({ client: { 'i18n.default_localization': row.language } }, { trx });
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'localizations.default',
        subjectType: 'localizations',
        subjectId: id,
        before: { default: before },
        after: { default: row.language },
        ipAddress: actor.ip,
      });
    });
    await settings.dropCache();
  }

  async function lines(id: number, params: TLocalizationLinesQuery) {
    const [row, sources] = await Promise.all([findOr404(id), sourceLines(db)]);
    const query = params.query?.toLowerCase();
    const all: TLocalizationLine[] = Object.entries(sources)
      .map(([key, source]) => ({ key, source, translation: row.lines[key] ?? '' }))
      .filter((line) => !params.untranslated || !line.translation.trim())
      .filter(
        (line) =>
          !query ||
          line.source.toLowerCase().includes(query) ||
          line.translation.toLowerCase().includes(query),
      );
    const lastPage = Math.max(1, Math.ceil(all.length / params.perPage));
    const start = (params.page - 1) * params.perPage;
    return {
      pagination: {
        data: all.slice(start, start + params.perPage),
        current_page: params.page,
        per_page: params.perPage,
        total: all.length,
        last_page: lastPage,
      },
    };
  }

  /**
   * Saves translations of known source lines in one statement; the bootstrap cache is dropped so
   * every app shows them on its next load.
   */
  async function saveLines(actor: Actor, id: number, input: Record<string, string>): Promise<number> {
    const [row, sources] = await Promise.all([findOr404(id), sourceLines(db)]);
    const unknown = Object.keys(input).filter((key) => !Object.hasOwn(sources, key));
    if (unknown.length > 0) {
      throw validationError(
        Object.fromEntries(unknown.slice(0, 20).map((key) => [`lines.${key}`, 'Unknown line.'])),
      );
    }
    const patch: Record<string, string> = {};
    const removals: string[] = [];
    for (const [key, value] of Object.entries(input)) {
      if (value.trim()) patch[key] = value;
      else removals.push(key);
    }
    await db.transaction().execute(async (trx) => {
      await repo.mergeLines(trx, id, patch, removals);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'localizations.lines',
        subjectType: 'localizations',
        subjectId: id,
        before: Object.fromEntries(Object.keys(input).map((key) => [key, row.lines[key] ?? ''])),
        after: input,
        ipAddress: actor.ip,
      });
    });
    await settings.dropCache();
    return Object.keys(input).length;
  }

  return { list, show, create, rename, remove, setDefault, lines, saveLines };
}
