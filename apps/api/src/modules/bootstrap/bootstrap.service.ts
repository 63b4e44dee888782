import { type TAppUrls, type TBootstrapData, ZBootstrapDataSchema } from '@cadence/contracts/bootstrap';
import type { TI18n, TLocalization } from '@cadence/contracts/i18n';
import type { TMenu } from '@cadence/contracts/menu';
import type { TClientSettings } from '@cadence/contracts/settings';
import type { TTheme } from '@cadence/contracts/theme';
import type { Kysely } from 'kysely';
import type { AuthUser, GuestRole } from '../../platform/auth/auth-user';
import { toUserDto } from '../../platform/auth/auth-user';
import type { Database } from '../../platform/db/schema';
import { scriptSafeJson } from '../../platform/http/script-json';
import type { Cache } from '../../platform/redis/services';
import { createStampedMemo } from '../../platform/redis/stamped-memo';
import { SETTINGS_CACHE_PREFIX, type SettingsService } from '../settings/settings.service';
import * as bootstrapRepository from './bootstrap.repository';

/** Under the settings prefix so every settings save drops it too. */
export const BOOTSTRAP_CACHE_PREFIX = `${SETTINGS_CACHE_PREFIX}bootstrap:`;
/** The generation stamp of everything below; deleting it (or the prefix) makes every process rebuild. */
const GENERATION_KEY = `${BOOTSTRAP_CACHE_PREFIX}generation`;
const CACHE_TTL_SECONDS = 600;
const shape = ZBootstrapDataSchema.shape;

/**
 * `bytes`: the JSON's UTF-8, encoded once (a response sends it as is; a string is encoded per
 * send); `scriptBytes`: the same made safe inside an inline script, for the pages.
 */
type Fragment<T> = { value: T; bytes: Buffer; scriptBytes: Buffer };

/**
 * A guest's bootstrap data up to its XSRF token, joined once per generation, language and
 * per-request choice (theme, cookie notice, guest role; raw or script-safe): what every guest
 * request of a generation shares. Kept on the generation's i18n fragment, so a new generation
 * (any settings, appearance, menu or localization save) starts without them.
 */
type GuestHeads = { none: Map<string, Buffer>; roles: WeakMap<GuestRole, Map<string, Buffer>> };

/**
 * The user-independent parts, validated by their contract once per generation (what the response
 * serializer used to do on every request) and kept serialized: a request only concatenates them.
 */
type Generation = {
  settings: Fragment<TClientSettings>;
  themes: Fragment<TTheme[]>;
  menus: Fragment<TMenu[]>;
  localizations: Fragment<TLocalization[]>;
  i18n: Map<string, Promise<Fragment<TI18n>>>;
  /** Per i18n fragment of this generation: see `GuestHeads`. */
  guestHeads: WeakMap<Fragment<TI18n>, GuestHeads>;
};

export type BootstrapRequest = {
  user: AuthUser | null;
  guestRole: GuestRole | null;
  cookies: Record<string, string | undefined>;
  csrfToken?: string;
};

/** Spec 4 theme choice: `0`/`system` follow the OS (null), `light`/`dark` pick the defaults, else an id. */
export function selectThemeId(
  cookie: string | undefined,
  themes: TTheme[],
  settings: TClientSettings,
): number | null {
  const defaultId = settings.themes.default_id;
  const fallback = defaultId && themes.some((theme) => theme.id === defaultId) ? defaultId : null;
  if (!settings.themes.user_change || cookie === undefined) return fallback;
  if (cookie === '0' || cookie === 'system') return null;
  if (cookie === 'light') return themes.find((theme) => theme.default_light)?.id ?? fallback;
  if (cookie === 'dark') return themes.find((theme) => theme.default_dark)?.id ?? fallback;
  const id = Number(cookie);
  return Number.isInteger(id) && themes.some((theme) => theme.id === id) ? id : fallback;
}

/** The user's language, else the picker's `language` cookie; only languages that exist (cache keys stay bounded). */
export function pickLanguage(
  candidates: (string | null | undefined)[],
  localizations: { language: string }[],
): string | undefined {
  return candidates.find(
    (candidate) => candidate && localizations.some((localization) => localization.language === candidate),
  ) as string | undefined;
}

function fragment<T>(schema: { parse: (value: unknown) => T }, value: unknown): Fragment<T> {
  const parsed = schema.parse(value);
  const json = JSON.stringify(parsed);
  return { value: parsed, bytes: Buffer.from(json), scriptBytes: Buffer.from(scriptSafeJson(json)) };
}

const I18N_KEY = Buffer.from(',"i18n":');
const LOCALIZATIONS_KEY = Buffer.from(',"localizations":');
const THEMES_KEY = Buffer.from(',"themes":{"all":');

const TOKEN_KEY = Buffer.from(',"csrf_token":"');
/** A token as the apps' own (base64url) needs no escaping in JSON or in a script. */
const PLAIN_TOKEN = /^[\w-]*$/;

const FALLBACK_I18N: TI18n = { id: 0, name: 'English', language: 'en', lines: {} };

/**
 * A localization's lines without those that say what their key says: every reader of the lines
 * (app-shell's `trans`, the contracts' error map, the api's error messages) falls back to the key,
 * so such a line changes nothing and only weighs on every page. English as seeded is all of them:
 * 438 lines, 23.7 KB of the 66 KB a guest's page was (issue 33: the page's bytes are its first
 * paint on a slow link). A line an admin changed, or any other language's, is sent as before.
 */
export function withTranslatedLinesOnly(i18n: TI18n): TI18n {
  const lines: Record<string, string> = {};
  for (const [key, line] of Object.entries(i18n.lines)) if (line !== key) lines[key] = line;
  return { ...i18n, lines };
}

export function createBootstrapService(deps: {
  db: Kysely<Database>;
  cache: Cache;
  settings: SettingsService;
  /** Where the apps live, for their cross-links; absent in tests that do not need them. */
  appUrls?: TAppUrls;
}) {
  const { db, cache, settings } = deps;
  const appUrlsJson = deps.appUrls ? `,"app_urls":${JSON.stringify(deps.appUrls)}` : '';
  // Guest roles are few and long-lived; the memo hands out the same object per generation.
  const guestRoleJson = new WeakMap<GuestRole, string>();
  const guestRoleParsed = new WeakMap<GuestRole, TBootstrapData['guest_role']>();

  /** The guest role as its contract gives it, checked once per role object (not per page view). */
  function parsedGuestRole(role: GuestRole): TBootstrapData['guest_role'] {
    let parsed = guestRoleParsed.get(role);
    if (parsed === undefined) {
      parsed = shape.guest_role.parse(role);
      guestRoleParsed.set(role, parsed);
    }
    return parsed;
  }

  const generation = createStampedMemo<Generation>({
    cache,
    key: GENERATION_KEY,
    ttlSeconds: CACHE_TTL_SECONDS,
    load: async () => {
      const [clientSettings, menus, themes, localizations] = await Promise.all([
        settings.clientSettings(),
        settings.get('menus'),
        bootstrapRepository.siteThemes(db),
        bootstrapRepository.localizations(db),
      ]);
      return {
        settings: fragment(shape.settings, clientSettings) as Fragment<TClientSettings>,
        menus: fragment(shape.menus, menus),
        themes: fragment(shape.themes.shape.all, themes),
        localizations: fragment(shape.localizations, localizations),
        i18n: new Map(),
        guestHeads: new WeakMap(),
      };
    },
  });

  /** Languages are bounded by `pickLanguage` (existing localizations) plus the default setting. */
  function i18nFor(current: Generation, language: string, fallback: string): Promise<Fragment<TI18n>> {
    let entry = current.i18n.get(language);
    if (!entry) {
      entry = bootstrapRepository
        .i18n(db, language, fallback)
        .then((row) => fragment(shape.i18n, row ? withTranslatedLinesOnly(row) : FALLBACK_I18N));
      // A failed load must not stick for the whole generation.
      entry.catch(() => current.i18n.delete(language));
      current.i18n.set(language, entry);
    }
    return entry;
  }

  async function resolve(request: BootstrapRequest) {
    const current = await generation.get();
    const shared = current.settings.value;
    const defaultLanguage = shared.i18n.default_localization || 'en';
    const language = shared.i18n.enable
      ? pickLanguage([request.user?.language, request.cookies.language], current.localizations.value) ||
        defaultLanguage
      : defaultLanguage;
    const i18n = await i18nFor(current, language, defaultLanguage);
    return {
      current,
      i18n,
      selectedThemeId: selectThemeId(request.cookies['be-active-theme'], current.themes.value, shared),
      showCookieNotice: shared.cookie_notice.enable && request.cookies.cookie_notice !== 'true',
    };
  }

  type Resolved = Awaited<ReturnType<typeof resolve>>;

  function dataOf(request: BootstrapRequest, resolved: Resolved): TBootstrapData {
    const { current, i18n, selectedThemeId, showCookieNotice } = resolved;
    return {
      settings: current.settings.value,
      i18n: i18n.value,
      localizations: current.localizations.value,
      themes: { all: current.themes.value, selectedThemeId },
      menus: current.menus.value,
      user: request.user ? shape.user.parse(toUserDto(request.user)) : null,
      guest_role: request.guestRole ? parsedGuestRole(request.guestRole) : null,
      show_cookie_notice: showCookieNotice,
      ...(request.csrfToken ? { csrf_token: request.csrfToken } : {}),
      ...(deps.appUrls ? { app_urls: deps.appUrls } : {}),
    };
  }

  function guestRoleFragment(role: GuestRole | null): string {
    if (!role) return 'null';
    let json = guestRoleJson.get(role);
    if (json === undefined) {
      json = JSON.stringify(shape.guest_role.parse(role));
      guestRoleJson.set(role, json);
    }
    return json;
  }

  /**
   * The data of `dataOf` serialized, as UTF-8 bytes between `before` and `after`, joined from
   * cached fragments' own bytes (validated by their contract once per generation): only
   * the few per-request values are encoded per request. `forScript`: made safe inside an inline
   * script (the fragments' escaped bytes, the per-request values escaped the same way). Given as
   * the pieces in order, so a caller that embeds them in something larger copies them once.
   */
  function partsOf(
    request: BootstrapRequest,
    resolved: Resolved,
    wrap: { before: string; after: string; forScript?: boolean },
  ): Buffer[] {
    const { current, i18n, selectedThemeId, showCookieNotice } = resolved;
    const tail = tailOf(request.csrfToken, wrap.forScript === true);
    const after = afterBytes(wrap.after);
    if (!request.user) {
      // A guest: everything but the token is shared by the generation's guests (bounded keys:
      // themes that exist and two flags, per guest role object: one per role cache entry).
      const key = `${wrap.forScript ? 1 : 0}|${selectedThemeId}|${showCookieNotice}`;
      let byRole = current.guestHeads.get(i18n);
      if (!byRole) {
        byRole = { none: new Map(), roles: new WeakMap() };
        current.guestHeads.set(i18n, byRole);
      }
      const role = request.guestRole;
      let heads = role ? byRole.roles.get(role) : byRole.none;
      if (!heads) {
        heads = new Map();
        if (role) byRole.roles.set(role, heads);
      }
      let head = heads.get(key);
      if (!head) {
        head = headOf(request, resolved, wrap.forScript === true);
        heads.set(key, head);
      }
      return [Buffer.from(wrap.before), head, ...tail, after];
    }
    return [Buffer.from(wrap.before), headOf(request, resolved, wrap.forScript === true), ...tail, after];
  }

  // The end of the data, from its optional token on: the same for every request but for the token.
  const tokenEnd = [false, true].map((forScript) =>
    Buffer.from(forScript ? scriptSafeJson(`"${appUrlsJson}}`) : `"${appUrlsJson}}`),
  );
  const noTokenEnd = [false, true].map((forScript) =>
    Buffer.from(forScript ? scriptSafeJson(`${appUrlsJson}}`) : `${appUrlsJson}}`),
  );
  function tailOf(token: string | undefined, forScript: boolean): Buffer[] {
    const index = forScript ? 1 : 0;
    if (!token) return [noTokenEnd[index] as Buffer];
    if (PLAIN_TOKEN.test(token)) return [TOKEN_KEY, Buffer.from(token, 'latin1'), tokenEnd[index] as Buffer];
    const json = `,"csrf_token":${JSON.stringify(token)}${appUrlsJson}}`;
    return [Buffer.from(forScript ? scriptSafeJson(json) : json)];
  }

  // What closes the data (`;</script>`, `}`): a few constant strings, encoded once each.
  const afters = new Map<string, Buffer>();
  function afterBytes(text: string): Buffer {
    let bytes = afters.get(text);
    if (!bytes) {
      bytes = Buffer.from(text);
      if (afters.size < 16) afters.set(text, bytes);
    }
    return bytes;
  }

  function bytesOf(
    request: BootstrapRequest,
    resolved: Resolved,
    wrap: { before: string; after: string; forScript?: boolean },
  ): Buffer {
    return Buffer.concat(partsOf(request, resolved, wrap));
  }

  /** The serialized data up to (not including) its optional `csrf_token` and `app_urls`. */
  function headOf(request: BootstrapRequest, resolved: Resolved, forScript: boolean): Buffer {
    const { current, i18n, selectedThemeId, showCookieNotice } = resolved;
    const part = forScript
      ? (fragment: Fragment<unknown>) => fragment.scriptBytes
      : (fragment: Fragment<unknown>) => fragment.bytes;
    const text = (json: string) => Buffer.from(forScript ? scriptSafeJson(json) : json);
    const user = request.user ? JSON.stringify(shape.user.parse(toUserDto(request.user))) : 'null';
    return Buffer.concat([
      text('{"settings":'),
      part(current.settings),
      I18N_KEY,
      part(i18n),
      LOCALIZATIONS_KEY,
      part(current.localizations),
      THEMES_KEY,
      part(current.themes),
      text(`,"selectedThemeId":${JSON.stringify(selectedThemeId)}},"menus":`),
      part(current.menus),
      text(
        `,"user":${user},"guest_role":${guestRoleFragment(request.guestRole)},` +
          `"show_cookie_notice":${showCookieNotice}`,
      ),
    ]);
  }

  /** The bootstrap data as an object (for callers that embed it in something larger). */
  async function build(request: BootstrapRequest): Promise<TBootstrapData> {
    return dataOf(request, await resolve(request));
  }

  /** The bootstrap data serialized (what `GET bootstrap-data` sends). */
  async function buildJson(request: BootstrapRequest): Promise<string> {
    return bytesOf(request, await resolve(request), { before: '', after: '' }).toString('utf8');
  }

  /** `buildJson` as bytes, wrapped in `before` and `after` (what `GET bootstrap-data` sends). */
  async function buildJsonBytes(request: BootstrapRequest, before = '', after = ''): Promise<Buffer> {
    return bytesOf(request, await resolve(request), { before, after });
  }

  /** `buildJsonBytes` as its pieces in order, for a caller that joins them into its own buffer. */
  async function buildJsonParts(request: BootstrapRequest, before = '', after = ''): Promise<Buffer[]> {
    return partsOf(request, await resolve(request), { before, after });
  }

  /**
   * For a page, from one resolution: the object (its first route, its SEO read it) and the
   * JSON's pieces as bytes safe inside an inline script, which for a guest are cached fragments
   * but for the token: the page joins them into its own bytes, one copy.
   */
  async function buildForPage(
    request: BootstrapRequest,
    wrap: { before: string; after: string },
  ): Promise<{ data: TBootstrapData; script: Buffer[] }> {
    const resolved = await resolve(request);
    return {
      data: dataOf(request, resolved),
      script: partsOf(request, resolved, { ...wrap, forScript: true }),
    };
  }

  /** The reader's localization lines (what the apps translate with), for server-side messages. */
  async function linesFor(request: BootstrapRequest): Promise<Readonly<Record<string, string>>> {
    return (await resolve(request)).i18n.value.lines;
  }

  return { build, buildJson, buildJsonBytes, buildJsonParts, buildForPage, linesFor };
}

export type BootstrapService = ReturnType<typeof createBootstrapService>;
