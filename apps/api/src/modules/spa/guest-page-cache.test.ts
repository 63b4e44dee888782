import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ZBootstrapDataSchema } from '@cadence/contracts/bootstrap';
import { pageRequests, pageRequestUrl } from '@cadence/contracts/page-requests';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GUEST_ROLE_CACHE_KEY } from '../../platform/auth/auth.plugin';
import { createMemoryCache } from '../../platform/redis/memory-services';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  actor,
  type Headers,
  insertAlbum,
  insertArtist,
  insertTrack,
} from '../catalogue/catalogue.test-helper';
import { createCatalogueCache } from '../catalogue/catalogue-cache';
import {
  createGuestPageCache,
  isGuestRequest,
  joinPage,
  NONCE_SLOT,
  pageStamps,
  slotPage,
} from './guest-page-cache';

describe('guest page pieces', () => {
  const request = (headers: Record<string, string>, extra: Partial<FastifyRequest> = {}) =>
    ({ method: 'GET', user: null, authVia: null, headers, ...extra }) as unknown as FastifyRequest;

  it('takes a request for a guest only when nothing in it could sign in', () => {
    expect(isGuestRequest(request({}))).toBe(true);
    expect(isGuestRequest(request({ cookie: 'XSRF-TOKEN=abc; be-active-theme=dark; language=fr' }))).toBe(
      true,
    );
    for (const cookie of [
      'cadence_session=x',
      'a=1; cadence_session=',
      'cadence_2fa=x',
      'cadence_social=x',
      'cadence_social_pending=x',
      'activeWorkspaceId=3',
    ])
      expect(isGuestRequest(request({ cookie })), cookie).toBe(false);
    expect(isGuestRequest(request({ authorization: 'Bearer 1|x' }))).toBe(false);
    expect(isGuestRequest(request({ authorization: '' }))).toBe(false);
    expect(isGuestRequest(request({}, { method: 'HEAD' }))).toBe(false);
    expect(isGuestRequest(request({}, { user: { id: 1 } as never }))).toBe(false);
  });

  it('fills every nonce slot with the response nonce and puts the bootstrap script between', () => {
    const page = slotPage(
      `<script nonce="${NONCE_SLOT}">a</script><p>é</p>`,
      `<script nonce="${NONCE_SLOT}">b</script><i nonce="${NONCE_SLOT}">`,
    );
    const joined = joinPage(page, 'N0nce+/=', Buffer.from('<script>data</script>'));
    expect(joined.toString('utf8')).toBe(
      '<script nonce="N0nce+/=">a</script><p>é</p><script>data</script><script nonce="N0nce+/=">b</script><i nonce="N0nce+/=">',
    );
    expect(joinPage(slotPage('x', ''), 'n', Buffer.from('|')).toString()).toBe('x|');
    // The bootstrap script as its pieces (the guest's shared head, its token): joined in order.
    const pieces = [Buffer.from('<script>'), Buffer.from('{"a":"é"'), Buffer.from(',"t":1}</script>')];
    expect(joinPage(page, 'n', pieces).toString('utf8')).toBe(
      '<script nonce="n">a</script><p>é</p><script>{"a":"é","t":1}</script><script nonce="n">b</script><i nonce="n">',
    );
  });

  it('joins into a buffer it is given, every byte written', () => {
    const page = slotPage(`<a nonce="${NONCE_SLOT}">`, '</a>');
    const used = Buffer.alloc(page.bytes + 1 + 1, 'x');
    expect(joinPage(page, 'n', [Buffer.from('|')], () => used)).toBe(used);
    expect(used.toString()).toBe('<a nonce="n">|</a>');
    expect(() => joinPage(page, 'n', [Buffer.from('|')], () => Buffer.alloc(3))).toThrow();
    expect(() => joinPage(page, 'n', [Buffer.from('|')], () => Buffer.alloc(used.length + 1))).toThrow();
  });

  it('keeps a page only when every answer it was built from came from the catalogue cache', () => {
    const album = { key: 'catalogue:v1:stamp:album:1', stamp: 's1' };
    const channels = { key: 'catalogue:v1:stamp:channels', stamp: 's2' };
    expect(pageStamps(true, album, [])).toEqual([album]);
    expect(pageStamps(false, undefined, [channels])).toEqual([channels]);
    expect(pageStamps(true, null, [])).toBeNull();
    expect(pageStamps(true, album, [null])).toBeNull();
    expect(pageStamps(false, undefined, [])).toBeNull();
  });

  it('serves a kept page while its basis and stamps hold, within its byte budget', async () => {
    const catalogue = createCatalogueCache({ cache: createMemoryCache(), isShared: false, ttlSeconds: 60 });
    const album = { kind: 'album', id: 1 } as const;
    const stamps: { key: string; stamp: string }[] = [];
    await catalogue.read(
      album,
      'q',
      async () => '{}',
      (served) => stamps.push(served),
    );
    expect(stamps).toHaveLength(1);
    const pages = createGuestPageCache(catalogue, 100);
    const basis = { template: 't', settings: {}, guestRole: null };
    const page = slotPage('a'.repeat(10), '');
    pages.store('/a', basis, stamps, page);
    expect(await pages.find('/a', basis)).toBe(page);
    expect(await pages.find('/a', { ...basis, settings: {} })).toBeNull();
    expect(await pages.find('/a', basis)).toBeNull();

    pages.store('/a', basis, stamps, page);
    await catalogue.drop([album]);
    expect(await pages.find('/a', basis)).toBeNull();

    const fresh: { key: string; stamp: string }[] = [];
    await catalogue.read(
      album,
      'q',
      async () => '{}',
      (served) => fresh.push(served),
    );
    pages.store('/b', basis, fresh, slotPage('b'.repeat(60), ''));
    pages.store('/c', basis, fresh, slotPage('c'.repeat(60), ''));
    expect(await pages.find('/b', basis)).toBeNull();
    expect(await pages.find('/c', basis)).not.toBeNull();
  });
});

let t: TestApp;
let staticDir: string;
let editor: { id: number; headers: Headers };

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-guest-pages-'));
  const dist = path.join(staticDir, 'player', 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Cadence</title><script>window.early=1</script><!--bootstrap-data--></head><body><div id="root">player</div></body></html>',
  );
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  editor = await actor(t, ['music.view', 'music.update', 'playlists.create', 'playlists.update']);
});
afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const view = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: 'text/html', 'sec-fetch-dest': 'document', ...headers } });

const nonceOf = (res: LightMyRequestResponse) =>
  /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';

function inlined(res: LightMyRequestResponse, name: 'bootstrapData' | 'initialResponses') {
  const match = new RegExp(`<script nonce="[^"]+">window\\.${name}=(.*?);</script>`, 's').exec(res.body);
  return match?.[1] ? JSON.parse(match[1]) : null;
}
const bootstrapOf = (res: LightMyRequestResponse) =>
  ZBootstrapDataSchema.parse(inlined(res, 'bootstrapData'));
const titleOf = (res: LightMyRequestResponse) => /<title>([^<]*)<\/title>/.exec(res.body)?.[1];

/** The catalogue reads a view makes: none when the guest page was kept. */
async function readsOf(request: () => Promise<LightMyRequestResponse>) {
  const spy = vi.spyOn(t.app.services.catalogue, 'read');
  const res = await request();
  const count = spy.mock.calls.length;
  spy.mockRestore();
  return { res, count };
}

let run = 0;
async function album() {
  run += 1;
  const artistId = await insertArtist(t, `Kept Artist ${run}`);
  const albumId = await insertAlbum(t, `Kept Album ${run}`, artistId);
  await insertTrack(t, { name: `Kept Song ${run}`, artistId, albumId, number: 1 });
  return {
    albumId,
    path: `/album/${albumId}/kept-artist/kept-album`,
    api: pageRequestUrl(pageRequests.album(albumId)),
  };
}

describe('kept guest pages', () => {
  it("serves a guest's repeat view from the kept page, with its own nonce, XSRF token and theme", async () => {
    const { path: albumPath, api } = await album();
    const first = await view(albumPath);
    expect(first.statusCode).toBe(200);
    const { res: second, count } = await readsOf(() => view(albumPath));
    expect(count).toBe(0);
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.headers['content-type']).toContain('text/html');

    // A fresh nonce, the one the CSP names, on every inline script.
    const nonce = nonceOf(second);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(first));
    const scripts = second.body.match(/<script(?: [^>]*)?>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(second.body).not.toContain(NONCE_SLOT);

    // Its own XSRF token, set as a cookie and in the bootstrap data.
    const cookie = second.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.value).not.toBe(first.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value);
    expect(bootstrapOf(second).csrf_token).toBe(cookie?.value);

    // The same page but for those.
    const plain = (res: LightMyRequestResponse) =>
      res.body.replaceAll(nonceOf(res), 'NONCE').replace(/"csrf_token":"[^"]+"/, '');
    expect(plain(second)).toBe(plain(first));
    expect(inlined(second, 'initialResponses')[api]).toEqual((await t.app.inject({ url: api })).json());

    // A returning guest keeps their token and theme, and still gets the kept page.
    const token = 'returning-guest-token-0123456789';
    const { res: returning, count: again } = await readsOf(() =>
      view(albumPath, { cookie: `XSRF-TOKEN=${token}; be-active-theme=dark; cookie_notice=true` }),
    );
    expect(again).toBe(0);
    expect(returning.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const data = bootstrapOf(returning);
    expect(data.csrf_token).toBe(token);
    expect(data.show_cookie_notice).toBe(false);
    expect(data.themes.selectedThemeId).not.toBeNull();
    const perGuest = (res: LightMyRequestResponse) =>
      plain(res)
        .replace(/"selectedThemeId":[^}]*}/, '')
        .replace(/"show_cookie_notice":\w+/, '');
    expect(perGuest(returning)).toBe(perGuest(second));
  });

  it('gives guests viewing a kept page at once each their own token and nonce', async () => {
    const { path: albumPath } = await album();
    await view(albumPath);
    // Many views in flight, then again: answers reuse finished answers' buffers, never one in flight.
    for (let round = 0; round < 3; round++) {
      const views = await Promise.all(Array.from({ length: 12 }, () => view(albumPath)));
      for (const res of views) {
        expect(res.statusCode).toBe(200);
        const token = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
        expect(token).toBeTruthy();
        expect(bootstrapOf(res).csrf_token).toBe(token);
        const scripts = res.body.match(/<script(?: [^>]*)?>/g) ?? [];
        for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(res)}"`);
      }
      expect(new Set(views.map((res) => bootstrapOf(res).csrf_token)).size).toBe(views.length);
    }
  });

  it('shows an album edit made through the api on the next guest view', async () => {
    const { albumId, path: albumPath, api } = await album();
    await view(albumPath);
    expect((await readsOf(() => view(albumPath))).count).toBe(0);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/albums/${albumId}`,
      headers: editor.headers,
      payload: { name: 'Edited Album' },
    });
    expect(edited.statusCode).toBe(200);
    const next = await view(albumPath);
    expect(inlined(next, 'initialResponses')[api].album.name).toBe('Edited Album');
    expect(titleOf(next)).toContain('Edited Album');
    // And that page is kept in turn.
    const { res: kept, count } = await readsOf(() => view(albumPath));
    expect(count).toBe(0);
    expect(titleOf(kept)).toContain('Edited Album');
  });

  it('shows a settings save (site name, SEO template) on the next guest view', async () => {
    const { path: albumPath } = await album();
    const siteName = await t.app.services.settings.get('branding.site_name');
    expect(titleOf(await view(albumPath))).toContain(siteName);
    expect((await readsOf(() => view(albumPath))).count).toBe(0);
    await t.app.services.settings.save({ server: { 'branding.site_name': 'Renamed Site' } });
    try {
      const renamed = await view(albumPath);
      expect(bootstrapOf(renamed).settings.branding.site_name).toBe('Renamed Site');
      expect(titleOf(renamed)).toContain('Renamed Site');
      await t.app.services.settings.save({
        client: { seo: { album_page: '<title>{{album.name}} (kept test)</title>' } },
      });
      expect(titleOf(await view(albumPath))).toMatch(/^Kept Album \d+ \(kept test\)$/);
    } finally {
      await t.app.services.settings.save({ client: { seo: { album_page: null } } });
      await t.app.services.settings.save({ server: { 'branding.site_name': siteName } });
    }
    expect(titleOf(await view(albumPath))).toContain(siteName);
  });

  it("drops a guest's kept page when the guest role changes", async () => {
    const { path: albumPath, api } = await album();
    expect(inlined(await view(albumPath), 'initialResponses')[api]).toBeTruthy();
    const role = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('guests', '=', true)
      .executeTakeFirstOrThrow();
    const permission = await t.deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'music.view')
      .executeTakeFirstOrThrow();
    const grant = {
      permission_id: permission.id,
      permissionable_type: 'role',
      permissionable_id: role.id,
    } as const;
    const removed = await t.deps.db
      .deleteFrom('permissionables')
      .where('permissionable_type', '=', grant.permissionable_type)
      .where('permissionable_id', '=', grant.permissionable_id)
      .where('permission_id', '=', grant.permission_id)
      .returning('restrictions')
      .execute();
    expect(removed).toHaveLength(1);
    // As the roles admin would: the guest role's key dropped, every process reloads it.
    await t.deps.cache.delete(GUEST_ROLE_CACHE_KEY);
    try {
      expect(inlined(await view(albumPath), 'initialResponses')).toBeNull();
    } finally {
      await t.deps.db
        .insertInto('permissionables')
        .values({ ...grant, restrictions: JSON.stringify(removed[0]?.restrictions ?? []) })
        .execute();
      await t.deps.cache.delete(GUEST_ROLE_CACHE_KEY);
    }
    expect(inlined(await view(albumPath), 'initialResponses')[api]).toBeTruthy();
  });

  it('never gives a signed-in user a guest page, nor a guest theirs', async () => {
    const { path: albumPath } = await album();
    const listener = await actor(t, ['music.view']);
    const theirs = await readsOf(() => view(albumPath, listener.headers));
    expect(theirs.count).toBe(1);
    expect(bootstrapOf(theirs.res).user?.id).toBe(listener.id);
    // Their page was not kept for guests; the guest's is not given to them.
    expect((await readsOf(() => view(albumPath))).count).toBe(1);
    expect((await readsOf(() => view(albumPath))).count).toBe(0);
    const again = await readsOf(() => view(albumPath, listener.headers));
    expect(again.count).toBe(1);
    expect(bootstrapOf(again.res).user?.id).toBe(listener.id);
    // A session cookie that signs nobody in still means "not a guest page".
    const stale = await readsOf(() => view(albumPath, { cookie: 'cadence_session=expired-or-forged' }));
    expect(stale.count).toBe(1);
    expect(bootstrapOf(stale.res).user).toBeNull();
  });

  it('never keeps a private item, and drops a page whose item turns private', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: editor.headers,
      payload: { name: 'Kept List', public: true },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().playlist.id as number;
    const listPath = `/playlist/${id}/kept-list`;
    const api = pageRequestUrl(pageRequests.playlist(id));
    expect(inlined(await view(listPath), 'initialResponses')[api]).toBeTruthy();
    expect((await readsOf(() => view(listPath))).count).toBe(0);

    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/playlists/${id}`,
      headers: editor.headers,
      payload: { public: false },
    });
    expect(hidden.statusCode).toBe(200);
    expect(inlined(await view(listPath), 'initialResponses')).toBeNull();
    expect(inlined(await view(listPath), 'initialResponses')).toBeNull();
    // Made public behind the caches' back: had the private state been kept, it would still show.
    await t.deps.db.updateTable('playlists').set({ public: true }).where('id', '=', id).execute();
    expect(inlined(await view(listPath), 'initialResponses')[api]).toBeTruthy();
  });

  it('keeps channel pages (home included), never a search, custom page or landing page', async () => {
    for (const url of ['/', '/discover']) {
      await view(url);
      expect((await readsOf(() => view(url))).count, url).toBe(0);
    }
    for (const url of ['/search/kept', '/pages/about-us', '/landing', '/contact']) {
      await view(url);
      const spy = vi.spyOn(t.app.services.catalogue, 'isCurrent');
      await view(url);
      expect(spy, url).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });
});

describe('kept guest pages answered from the first hook', () => {
  let baseUrl: string | undefined;
  /** The test app listening on a socket (once for the file: `inject` never reaches the front door). */
  async function listening(): Promise<string> {
    baseUrl ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    return baseUrl;
  }

  /** Wraps the spa's early answer: what it resolved for each page request; `skip` makes it decline. */
  function watchEarlyAnswer() {
    const answers = t.app.earlyAnswers;
    const original = answers[0] as (typeof answers)[number];
    const watch = { results: [] as boolean[], skip: false, restore: () => (answers[0] = original) };
    answers[0] = (request, reply) => {
      const answer = watch.skip ? false : original(request, reply);
      // The api's own GETs (a page's first answer is one) are asked too: only pages are counted.
      if (request.url.startsWith('/api/')) return answer;
      if (answer === false) {
        watch.results.push(false);
        return false;
      }
      return answer.then((isAnswered) => {
        watch.results.push(isAnswered);
        return isAnswered;
      });
    };
    return watch;
  }

  /** `watchEarlyAnswer` for the server's own listener (front-door.ts), which `inject` never reaches. */
  function watchFrontAnswer() {
    const answers = t.app.frontAnswers;
    const original = answers[0] as (typeof answers)[number];
    const watch = { results: [] as boolean[], skip: false, restore: () => (answers[0] = original) };
    answers[0] = (req, res, front) => {
      const answer = watch.skip ? false : original(req, res, front);
      if (req.url?.startsWith('/api/')) return answer;
      if (answer === false) {
        watch.results.push(false);
        return false;
      }
      return answer.then((isAnswered) => {
        watch.results.push(isAnswered);
        return isAnswered;
      });
    };
    return watch;
  }

  /** Headers but those that differ per response (nonce, token, request id, date). */
  const stableHeaders = (headers: Record<string, unknown>) => {
    const { date: _date, 'x-request-id': requestId, ...rest } = headers;
    expect(requestId).toMatch(/^[\w.:-]+$/);
    return JSON.parse(
      JSON.stringify(rest)
        .replace(/'nonce-[^']+'/, "'nonce-N'")
        .replace(/XSRF-TOKEN=[\w-]+/, 'XSRF-TOKEN=T'),
    );
  };

  it('sends the headers and bytes the not-found handler sends, but for nonce and token', async () => {
    for (const headers of [
      {},
      { accept: 'text/html' },
      { accept: 'text/html', 'sec-fetch-dest': 'document' },
    ]) {
      const { path: albumPath } = await album();
      const watch = watchEarlyAnswer();
      try {
        const plain = (res: LightMyRequestResponse) =>
          res.body.replaceAll(nonceOf(res), 'NONCE').replace(/"csrf_token":"[^"]+"/, '');
        // The first view renders and keeps the page; the second is answered early; the third is
        // the kept page through the not-found handler (the early answer declining).
        const rendered = await t.app.inject({ url: albumPath, headers });
        const early = await t.app.inject({ url: albumPath, headers });
        watch.skip = true;
        const normal = await t.app.inject({ url: albumPath, headers });
        expect(watch.results).toEqual([false, true, false]);
        expect(rendered.statusCode).toBe(200);
        expect(early.statusCode).toBe(200);
        expect(early.headers['x-request-id']).not.toBe(normal.headers['x-request-id']);
        // The one path has the other's headers, each response its own nonce and token.
        expect(stableHeaders(early.headers)).toEqual(stableHeaders(normal.headers));
        expect(early.headers['set-cookie']).toMatch(/^XSRF-TOKEN=[\w-]{40,}; Path=\/; SameSite=Lax$/);
        expect(plain(early)).toBe(plain(normal));
        expect(early.headers['content-length']).toBe(String(early.rawPayload.length));
        const token = early.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
        expect(bootstrapOf(early).csrf_token).toBe(token);
        for (const tag of early.body.match(/<script(?: [^>]*)?>/g) ?? [])
          expect(tag).toContain(`nonce="${nonceOf(early)}"`);
      } finally {
        watch.restore();
      }
    }
  });

  it("keeps a returning guest's token and choices, with no new cookie", async () => {
    const { path: albumPath } = await album();
    await view(albumPath);
    const watch = watchEarlyAnswer();
    try {
      const token = 'returning-guest-token-early-0123456789';
      const res = await view(albumPath, {
        cookie: `XSRF-TOKEN=${token}; be-active-theme=dark; cookie_notice=true`,
      });
      expect(watch.results).toEqual([true]);
      expect(res.headers['set-cookie']).toBeUndefined();
      const data = bootstrapOf(res);
      expect(data.csrf_token).toBe(token);
      expect(data.show_cookie_notice).toBe(false);
      expect(data.themes.selectedThemeId).not.toBeNull();
    } finally {
      watch.restore();
    }
  });

  it('leaves signed-in users, HEAD, other origins and a draining replica to the normal path', async () => {
    const { path: albumPath } = await album();
    await view(albumPath);
    const listener = await actor(t, ['music.view']);
    const watch = watchEarlyAnswer();
    try {
      const theirs = await view(albumPath, listener.headers);
      expect(bootstrapOf(theirs).user?.id).toBe(listener.id);
      expect((await t.app.inject({ method: 'HEAD', url: albumPath })).statusCode).toBe(200);
      // An Origin is the CORS hook's to answer (its Vary and allow headers).
      expect((await view(albumPath, { origin: 'https://elsewhere.test' })).statusCode).toBe(200);
      t.app.lifecycle.isDraining = true;
      try {
        expect((await view(albumPath)).headers.connection).toBe('close');
      } finally {
        t.app.lifecycle.isDraining = false;
      }
      // HEAD and a draining replica never reach it: the hook passes them on before asking.
      expect(watch.results).toEqual([false, false]);
      // A script fetching the page (not a navigation) gets the same 404 as before.
      expect((await view(albumPath, { 'sec-fetch-dest': 'script' })).statusCode).toBe(404);
      expect((await view(albumPath)).statusCode).toBe(200);
      expect(watch.results.at(-1)).toBe(true);
    } finally {
      watch.restore();
    }
  });

  it('answers over a socket before Fastify with the headers and bytes of the not-found handler', async () => {
    const baseUrl = await listening();
    const variants: Record<string, string>[] = [
      {},
      { accept: 'text/html' },
      { accept: 'text/html', 'sec-fetch-dest': 'document', cookie: 'other=1' },
    ];
    for (const headers of variants) {
      const { path: albumPath } = await album();
      const front = watchFrontAnswer();
      const early = watchEarlyAnswer();
      try {
        const get = async () => {
          const res = await fetch(`${baseUrl}${albumPath}`, { headers });
          const body = await res.text();
          const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
          const all = Object.fromEntries(res.headers);
          return {
            res,
            all,
            body,
            plain: body.replaceAll(nonce, 'NONCE').replace(/"csrf_token":"[^"]+"/, ''),
          };
        };
        const rendered = await get();
        const answered = await get();
        front.skip = true;
        early.skip = true;
        const normal = await get();
        // The first view is rendered (the page not kept yet), the second the front door's.
        expect(front.results).toEqual([false, true, false]);
        expect(early.results).toEqual([false, false]);
        expect(rendered.res.status).toBe(200);
        expect(answered.res.status).toBe(200);
        expect(answered.all['x-request-id']).not.toBe(normal.all['x-request-id']);
        expect(stableHeaders(answered.all)).toEqual(stableHeaders(normal.all));
        expect(answered.all['set-cookie']).toMatch(/^XSRF-TOKEN=[\w-]{40,}; Path=\/; SameSite=Lax$/);
        expect(answered.plain).toBe(normal.plain);
        expect(Number(answered.all['content-length'])).toBe(Buffer.byteLength(answered.body));
      } finally {
        front.restore();
        early.restore();
      }
    }
  });

  it('leaves signed-in users, other origins, subresource fetches and a draining replica to Fastify', async () => {
    const baseUrl = await listening();
    const { path: albumPath } = await album();
    await view(albumPath);
    const listener = await actor(t, ['music.view']);
    const front = watchFrontAnswer();
    try {
      const get = (headers: Record<string, string>) => fetch(`${baseUrl}${albumPath}`, { headers });
      const theirs = await get({ accept: 'text/html', ...listener.headers });
      expect(theirs.status).toBe(200);
      expect(
        ZBootstrapDataSchema.parse(
          JSON.parse(/window\.bootstrapData=(.*?);<\/script>/s.exec(await theirs.text())?.[1] ?? 'null'),
        ).user?.id,
      ).toBe(listener.id);
      expect((await get({ origin: 'https://elsewhere.test' })).status).toBe(200);
      expect((await get({ 'sec-fetch-dest': 'script' })).status).toBe(404);
      expect((await fetch(`${baseUrl}${albumPath}`, { method: 'HEAD' })).status).toBe(200);
      // Fastify's path closes the connection of each answer while draining (tested above).
      t.app.lifecycle.isDraining = true;
      try {
        expect((await get({})).status).toBe(200);
      } finally {
        t.app.lifecycle.isDraining = false;
      }
      // HEAD and a draining replica never reach it: the door passes them on before asking.
      expect(front.results).toEqual([false, false, false]);
      expect((await get({})).status).toBe(200);
      expect(front.results.at(-1)).toBe(true);
    } finally {
      front.restore();
    }
  });

  it('gives each of many guests at once over sockets their own nonce and token', async () => {
    const { path: albumPath } = await album();
    const baseUrl = await listening();
    await view(albumPath);
    const watch = watchFrontAnswer();
    try {
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          Array.from({ length: 40 }, async () => {
            const res = await fetch(`${baseUrl}${albumPath}`, { headers: { accept: 'text/html' } });
            return { res, body: await res.text() };
          }),
        );
        const tokens = new Set<string>();
        const nonces = new Set<string>();
        for (const { res, body } of answers) {
          expect(res.status).toBe(200);
          expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
          const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
          const token = /^XSRF-TOKEN=([\w-]+);/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
          const scripts = body.match(/<script(?: [^>]*)?>/g) ?? [];
          expect(scripts.length).toBeGreaterThanOrEqual(4);
          for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
          expect(body).toContain(`"csrf_token":"${token}"`);
          tokens.add(token);
          nonces.add(nonce);
        }
        expect(tokens.size).toBe(answers.length);
        expect(nonces.size).toBe(answers.length);
      }
      expect(watch.results.filter(Boolean)).toHaveLength(120);
    } finally {
      watch.restore();
    }
  });
});
