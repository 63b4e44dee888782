import {
  SEO_TEMPLATE_KEYS,
  type TAppearancePayload,
  type TAppearanceResponse,
  type TAppearanceSettings,
} from '@cadence/contracts/appearance';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { recordAudit } from '../audit-log/record-audit';
import type { SettingsService } from '../settings/settings.service';
import * as appearanceRepository from './appearance.repository';

type Deps = { db: Kysely<Database>; settings: SettingsService };

/** The settings keys the editor owns (design 2 "Outside the tabs" plus the two theme keys). */
function toSettingsInput(settings: TAppearanceSettings): Record<string, unknown> {
  return {
    branding: settings.branding,
    custom_code: settings.custom_code,
    themes: settings.themes,
    landing: settings.landing,
    menus: settings.menus,
    seo: Object.fromEntries(SEO_TEMPLATE_KEYS.map((key) => [`${key}`, settings.seo[key]])),
  };
}

/** Spec 2.12 appearance editor: one read and one save of everything it edits. */
export function createAppearanceService({ db, settings }: Deps) {
  async function get(): Promise<TAppearanceResponse> {
    const [all, themes] = await Promise.all([settings.getAll(), appearanceRepository.siteThemes(db)]);
    const value = <T>(key: string) => all[key as keyof typeof all] as T;
    return {
      site_name: value<string>('branding.site_name'),
      settings: {
        branding: {
          site_description: value('branding.site_description'),
          logo_light: value('branding.logo_light'),
          logo_dark: value('branding.logo_dark'),
          logo_light_mobile: value('branding.logo_light_mobile'),
          logo_dark_mobile: value('branding.logo_dark_mobile'),
          favicon: value('branding.favicon'),
        },
        custom_code: { css: value('custom_code.css'), html: value('custom_code.html') },
        themes: { default_id: value('themes.default_id'), user_change: value('themes.user_change') },
        landing: value('landing'),
        menus: value('menus'),
        seo: Object.fromEntries(
          SEO_TEMPLATE_KEYS.map((key) => [key, value(`seo.${key}`)]),
        ) as TAppearanceSettings['seo'],
      },
      themes,
    };
  }

  /**
   * Themes and settings in one transaction with its audit row: themes missing from the payload
   * are deleted, new ones (id null) created; a default theme that was deleted falls back to 0.
   */
  async function save(actorId: number, payload: TAppearancePayload): Promise<TAppearanceResponse> {
    const before = await get();
    await db.transaction().execute(async (trx) => {
      const existing = new Set(await appearanceRepository.siteThemeIds(trx));
      const kept = new Set<number>();
      for (const { id, ...theme } of payload.themes) {
        if (id !== null && existing.has(id)) {
          await appearanceRepository.updateTheme(trx, id, theme);
          kept.add(id);
        } else {
          kept.add(await appearanceRepository.insertTheme(trx, theme));
        }
      }
      await appearanceRepository.deleteThemes(
        trx,
        [...existing].filter((id) => !kept.has(id)),
      );
      const defaultId = payload.settings.themes.default_id;
      const input = toSettingsInput({
        ...payload.settings,
        themes: { ...payload.settings.themes, default_id: kept.has(defaultId) ? defaultId : 0 },
      });
      await settings.save({ client: input }, { trx });
      await recordAudit(trx, {
        actorId,
        action: 'appearance.update',
        subjectType: 'appearance',
        before: { settings: before.settings, themes: before.themes },
        after: payload,
      });
    });
    await settings.dropCache();
    return get();
  }

  return { get, save };
}

export type AppearanceService = ReturnType<typeof createAppearanceService>;
