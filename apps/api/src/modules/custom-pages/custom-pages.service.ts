import type { TCustomPage, TCustomPagePayload, TCustomPageResponse } from '@cadence/contracts/custom-page';
import { ZCustomPagePayloadSchema } from '@cadence/contracts/custom-page';
import { slugifyName } from '@cadence/contracts/slug';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';
import { absoluteUrl, playerPaths } from '../seo/seo-urls';
import * as repository from './custom-pages.repository';
import type { CustomPagesTable } from './custom-pages.tables';
import { pageText, sanitizePageHtml } from './sanitize-page-html';

const NOT_FOUND = 'Page not found.';
const SLUG_TAKEN = 'This slug is already in use.';
const DESCRIPTION_CHARS = 160;

/** `limit`: the `count` restriction of custom_pages.create (design section 3), null when unlimited. */
type Actor = { userId: number; ip: string; limit?: number | null };

export function toCustomPageDto(row: Selectable<CustomPagesTable>): TCustomPage {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    // Sanitised on save and again here: a row written before a sanitiser change, or by hand, is safe too.
    body: sanitizePageHtml(row.body),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    hide_nav: row.hide_nav,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function customPageSeo(page: TCustomPage, siteName: string, baseUrl: string) {
  const text = pageText(page.body);
  return {
    title: page.meta_title || `${page.title} - ${siteName}`,
    description:
      page.meta_description ||
      (text.length > DESCRIPTION_CHARS ? `${text.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…` : text) ||
      null,
    canonical: absoluteUrl(baseUrl, playerPaths.customPage(page)) ?? baseUrl,
  };
}

export function createCustomPagesService(deps: { db: Kysely<Database>; baseUrl: string }) {
  const { db, baseUrl } = deps;

  async function find(idOrSlug: string) {
    const row = /^\d+$/.test(idOrSlug)
      ? ((await repository.findById(db, Number(idOrSlug))) ?? (await repository.findBySlug(db, idOrSlug)))
      : await repository.findBySlug(db, idOrSlug);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return row;
  }

  function values(payload: TCustomPagePayload) {
    const parsed = ZCustomPagePayloadSchema.parse(payload);
    const slug = parsed.slug || slugifyName(parsed.title).slice(0, 100) || 'page';
    return {
      title: parsed.title,
      slug,
      body: sanitizePageHtml(parsed.body),
      meta_title: parsed.meta_title,
      meta_description: parsed.meta_description,
      hide_nav: parsed.hide_nav,
    };
  }

  return {
    async show(idOrSlug: string, siteName: string): Promise<TCustomPageResponse> {
      const page = toCustomPageDto(await find(idOrSlug));
      return { page, seo: customPageSeo(page, siteName, baseUrl), set_seo: true };
    },

    list: (params: Parameters<typeof repository.list>[1]) => repository.list(db, params),

    async create(payload: TCustomPagePayload, actor: Actor): Promise<TCustomPage> {
      const next = values(payload);
      return db.transaction().execute(async (trx) => {
        const limit = actor.limit ?? null;
        if (limit !== null && (await repository.countOwnedBy(trx, actor.userId)) >= limit) {
          throw new AppError(
            'forbidden',
            `You can create up to ${limit} pages. Upgrade your plan to create more.`,
          );
        }
        if (await repository.isSlugTaken(trx, next.slug)) throw validationError({ slug: SLUG_TAKEN });
        const row = await repository.insert(trx, { ...next, user_id: actor.userId });
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'custom_pages.create',
          subjectType: 'custom_pages',
          subjectId: row.id,
          after: { title: row.title, slug: row.slug },
          ipAddress: actor.ip,
        });
        return toCustomPageDto(row);
      });
    },

    async update(id: number, payload: TCustomPagePayload, actor: Actor): Promise<TCustomPage> {
      const next = values(payload);
      return db.transaction().execute(async (trx) => {
        const before = await repository.findById(trx, id);
        if (!before) throw new AppError('not_found', NOT_FOUND);
        if (await repository.isSlugTaken(trx, next.slug, id)) throw validationError({ slug: SLUG_TAKEN });
        const row = await repository.update(trx, id, next);
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'custom_pages.update',
          subjectType: 'custom_pages',
          subjectId: id,
          before: { title: before.title, slug: before.slug, body: before.body },
          after: { title: row.title, slug: row.slug, body: row.body },
          ipAddress: actor.ip,
        });
        return toCustomPageDto(row);
      });
    },

    async deleteMany(ids: number[], actor: Actor): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const deleted = await repository.deleteMany(trx, ids);
        for (const page of deleted) {
          await recordAudit(trx, {
            actorId: actor.userId,
            action: 'custom_pages.delete',
            subjectType: 'custom_pages',
            subjectId: page.id,
            before: { title: page.title, slug: page.slug },
            ipAddress: actor.ip,
          });
        }
        return deleted.length;
      });
    },
  };
}

export type CustomPagesService = ReturnType<typeof createCustomPagesService>;
