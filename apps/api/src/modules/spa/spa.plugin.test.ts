import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ZBootstrapDataSchema } from '@cadence/contracts/bootstrap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { actor, insertAlbum, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';
import { isAppRoute } from './spa.plugin';
import { inlineBootstrapScript, spaApps } from './spa-apps';

let t: TestApp;
let staticDir: string;
const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const prebuiltScript = `console.log(${JSON.stringify('y'.repeat(5000))});`;

async function writeApp(staticDir: string, name: string, base: string) {
  const dist = path.join(staticDir, name, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><!--bootstrap-data--><script type="module" src="${base}assets/app-abc123.js"></script></head><body><div id="root">${name}</div></body></html>`,
  );
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), bigScript);
  // What the player's build leaves beside an asset: the api must send these, not compress again.
  const prebuilt = path.join(dist, 'assets', 'vendor-def456.js');
  await writeFile(prebuilt, prebuiltScript);
  await writeFile(`${prebuilt}.br`, brotliCompressSync(prebuiltScript));
  await writeFile(`${prebuilt}.gz`, gzipSync(prebuiltScript));
  await writeFile(path.join(dist, 'humans.txt'), 'User-agent: *');
  await mkdir(path.join(dist, 'assets', 'fonts'), { recursive: true });
  await writeFile(path.join(dist, 'assets', 'fonts', 'inter-abc123.woff2'), 'font bytes');
  if (name === 'player') {
    const chunks = { album: ['/assets/album-page-1.js', '/assets/x.js"><script>alert(1)</script>'] };
    await writeFile(path.join(dist, 'first-page-chunks.json'), JSON.stringify(chunks));
  }
}

function initialResponses(html: string) {
  const match = /<script nonce="[^"]+">window\.initialResponses=(.*?);<\/script>/s.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

function inlinedData(html: string) {
  const match = /<script nonce="[^"]+">window\.bootstrapData=(.*?);<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no inlined bootstrap data');
  return ZBootstrapDataSchema.parse(JSON.parse(match[1]));
}

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-spa-'));
  // The STATIC_DIR must exist before buildApp registers the static roots.
  await writeApp(staticDir, 'player', '/');
  await writeApp(staticDir, 'admin', '/admin/');
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('single-node SPA serving', () => {
  it('inlines bootstrap data into the player index with no-store', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('<!--bootstrap-data-->');
    expect(inlinedData(res.body).user).toBeNull();
    expect(res.cookies.some((cookie) => cookie.name === 'XSRF-TOKEN')).toBe(true);
  });

  it('sends security headers: a CSP whose nonce is on every inline script, framing by the site only', async () => {
    // As a service worker fetches the page it keeps (accept */*): not asked as a page, answered
    // with one all the same, so its policy must carry the nonce too.
    const res = await t.app.inject({ url: '/', headers: { accept: '*/*' } });
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    const inlineScripts = res.body.match(/<script(?: [^>]*)?>(?!<\/script>)/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts.filter((tag) => !tag.includes(' src=')))
      expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // A fresh nonce per response.
    const again = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(/'nonce-([^']+)'/.exec(again)?.[1]).not.toBe(nonce);
    const admin = await t.app.inject({ url: '/admin' });
    expect(String(admin.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const api = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets any site frame the embeds', async () => {
    const embed = await t.app.inject({
      url: '/track/1/a-song/embed',
      headers: { 'sec-fetch-dest': 'iframe' },
    });
    expect(String(embed.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
  });

  it('falls back to index.html for unknown paths of each app (history fallback)', async () => {
    const player = await t.app.inject({
      url: '/discover/some/page?x=1',
      headers: { cookie: 'be-active-theme=dark' },
    });
    expect(player.body).toContain('<div id="root">player</div>');
    expect(inlinedData(player.body).themes.selectedThemeId).not.toBeNull();
    const admin = await t.app.inject({ url: '/admin/settings/general' });
    expect(admin.body).toContain('<div id="root">admin</div>');
    const adminRoot = await t.app.inject({ url: '/admin' });
    expect(adminRoot.body).toContain('<div id="root">admin</div>');
  });

  it('never serves index.html raw, and API 404s stay JSON', async () => {
    const raw = await t.app.inject({ url: '/index.html' });
    expect(raw.body).not.toContain('<!--bootstrap-data-->');
    const api = await t.app.inject({ url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
    expect((await t.app.inject({ url: '/assets/missing-123.js' })).statusCode).toBe(404);
  });

  it('answers 404, not the app, to a missing file outside assets/ (issue 15: /build/sw.js)', async () => {
    for (const url of ['/build/sw.js', '/manifest.webmanifest', '/admin/missing.css', '/favicon.png']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<html');
    }
    // Page paths, dots in a search included, still get the app.
    expect(
      (await t.app.inject({ url: '/search/feat.%20someone', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/discover', headers: { accept: 'text/html' } })).statusCode).toBe(200);
  });

  it('answers 404 to a browser subresource request, the app to a page or iframe load', async () => {
    const icon = await t.app.inject({ url: '/favicon.ico', headers: { 'sec-fetch-dest': 'image' } });
    expect(icon.statusCode).toBe(404);
    expect(icon.body).not.toContain('<div id="root">');
    const page = await t.app.inject({ url: '/album/1/a/b', headers: { 'sec-fetch-dest': 'document' } });
    expect(page.body).toContain('<div id="root">player</div>');
    const embed = await t.app.inject({ url: '/album/1/a/b/embed', headers: { 'sec-fetch-dest': 'iframe' } });
    expect(embed.statusCode).toBe(200);
  });

  it('serves hashed assets immutable and compressed', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    const admin = await t.app.inject({
      url: '/admin/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(admin.headers['content-encoding']).toBe('br');
    const robots = await t.app.inject({ url: '/humans.txt' });
    expect(robots.body).toBe('User-agent: *');
    expect(robots.headers['cache-control']).not.toContain('immutable');
  });

  it("sends the build's precompressed files with Vary, and the plain file without accept-encoding", async () => {
    const br = await t.app.inject({
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(prebuiltScript))).toBe(true);
    const gzip = await t.app.inject({
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(prebuiltScript))).toBe(true);
    const plain = await t.app.inject({
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(prebuiltScript);
  });

  it('answers HEAD, ranges and revalidation of a build file, and finds one in a folder of assets/', async () => {
    const url = '/assets/app-abc123.js';
    const identity = { 'accept-encoding': 'identity' };
    const full = await t.app.inject({ url, headers: identity });
    expect(full.headers.etag).toBeTruthy();
    expect(full.headers['last-modified']).toBeTruthy();
    const head = await t.app.inject({ method: 'HEAD', url, headers: identity });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(bigScript)));
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const range = await t.app.inject({ url, headers: { ...identity, range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(bigScript.slice(0, 10));
    expect(range.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(bigScript)}`);
    const unchanged = await t.app.inject({
      url,
      headers: { ...identity, 'if-none-match': String(full.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    const font = await t.app.inject({ url: '/assets/fonts/inter-abc123.woff2' });
    expect(font.statusCode).toBe(200);
    expect(font.body).toBe('font bytes');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The compressed copies are no files of their own, and a name the build does not hold is JSON.
    const copy = await t.app.inject({ url: '/assets/vendor-def456.js.br' });
    expect(copy.statusCode).toBe(404);
    expect(copy.json()).toEqual({ message: 'Not found.' });
    expect((await t.app.inject({ method: 'HEAD', url: '/admin/assets/none-000.js' })).statusCode).toBe(404);
  });

  it('answers a 503 page when an app is not built', async () => {
    const res = await t.app.inject({ url: '/backstage/tracks' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('pnpm build');
  });

  it('serves /become-artist and /claim-artist from the backstage app (spec 2.10), nothing else at the root', async () => {
    // The backstage is not built here: its own "not built" page proves whose page it is.
    for (const url of ['/become-artist', '/claim-artist', '/claim-artist/', '/become-artist?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.body).toContain('The backstage app is not built yet');
    }
    const player = await t.app.inject({ url: '/become-artists' });
    expect(player.body).toContain('<div id="root">player</div>');
  });

  it('escapes data that could end the script element', () => {
    const script = inlineBootstrapScript({ text: '</script><script>alert(1)</script>\u2028' });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('\u2028');
  });
});

describe("the first page's GET answered in its HTML", () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { 'sec-fetch-dest': 'document', ...headers } });
  const HOME_URL = '/api/v1/channel/discover?page=1&perPage=50';

  it('inlines for a guest what GET /api/v1/channel/discover answers, in a no-store page', async () => {
    const res = await page('/');
    expect(res.headers['cache-control']).toBe('no-store');
    const inlined = initialResponses(res.body);
    expect(Object.keys(inlined)).toEqual([HOME_URL]);
    expect(inlined[HOME_URL]).toEqual((await t.app.inject({ url: HOME_URL })).json());
    // /discover is the same channel by its own path: the SEO read it, and hands it over too.
    expect(Object.keys(initialResponses((await page('/discover')).body))).toEqual([HOME_URL]);
    expect(initialResponses((await page('/admin')).body)).toBeNull();
  });

  it('inlines an album page and a search page with the preload of the header artwork', async () => {
    const artistId = await insertArtist(t, 'Inline Artist');
    const albumId = await insertAlbum(t, 'Inline Album', artistId);
    await t.deps.db
      .updateTable('albums')
      .set({ image: '/api/v1/images/covers/inline.png' })
      .where('id', '=', albumId)
      .execute();
    await insertTrack(t, { name: 'Inline Song', artistId, albumId, number: 1 });
    const albumUrl = `/api/v1/albums/${albumId}?with=tracks%2Cgenres%2Ctags`;
    const res = await page(`/album/${albumId}/inline-artist/inline-album`);
    const inlined = initialResponses(res.body);
    expect(Object.keys(inlined)).toEqual([albumUrl]);
    expect(inlined[albumUrl]).toEqual((await t.app.inject({ url: albumUrl })).json());
    expect(inlined[albumUrl].album.tracks.map((track: { name: string }) => track.name)).toEqual([
      'Inline Song',
    ]);
    expect(res.body).toContain(
      'imagesrcset="/api/v1/images/covers/inline.png?w=64 64w, /api/v1/images/covers/inline.png?w=150 150w',
    );
    expect(res.body).toContain('imagesizes="(min-width: 768px) 14rem, 12rem"');
    // The album route's chunks from the build's map, with the HTML; nothing that is not a plain path.
    expect(res.body.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/album-page-1.js">',
    ]);
    expect(res.body).not.toContain('alert(1)');
    expect((await page('/search/x')).body).not.toContain('rel="modulepreload"');

    const search = initialResponses((await page('/search/Inline%20Album')).body);
    const searchUrl = '/api/v1/search?query=Inline+Album&perPage=10';
    expect(Object.keys(search)).toEqual([searchUrl]);
    expect(search[searchUrl]).toEqual((await t.app.inject({ url: searchUrl })).json());
  });

  it('answers as the signed-in user would be answered: their permission, their privacy', async () => {
    const listener = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['music.view'] }));
    expect(initialResponses((await page('/', { cookie: listener.cookie })).body)).not.toBeNull();
    const bare = await t.sessionCookie(await createTestUser(t.deps));
    const res = await page('/', { cookie: bare.cookie });
    expect(inlinedData(res.body).user).not.toBeNull();
    expect(initialResponses(res.body)).toBeNull();

    const owner = await actor(t, ['music.view', 'playlists.create', 'playlists.view']);
    const stranger = await actor(t, ['music.view', 'playlists.view']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: owner.headers,
      payload: { name: 'Diary', public: false },
    });
    expect(created.statusCode).toBe(201);
    const playlistPath = `/playlist/${created.json().playlist.id}/diary`;
    expect(initialResponses((await page(playlistPath, owner.headers)).body)).not.toBeNull();
    expect(initialResponses((await page(playlistPath, stranger.headers)).body)).toBeNull();
    expect(initialResponses((await page(playlistPath)).body)).toBeNull();
  });

  it('leaves the fetch to the player when the chosen channel fails, and escapes what it inlines', async () => {
    await t.app.services.settings.save({ client: { 'homepage.type': 'channel', 'homepage.value': 'gone' } });
    try {
      const res = await page('/');
      expect(res.statusCode).toBe(200);
      expect(initialResponses(res.body)).toBeNull();
    } finally {
      await t.app.services.settings.save({
        client: { 'homepage.type': 'channel', 'homepage.value': 'discover' },
      });
    }
    const script = inlineBootstrapScript({ name: '</script><!--' }, 'initialResponses');
    expect(script).toBe(
      '<script>window.initialResponses={"name":"\\u003c/script\\u003e\\u003c!--"};</script>',
    );
  });
});

describe('the status of a page', () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html', 'sec-fetch-dest': 'document', ...headers } });

  it('is 404, with the app, for a path no route of the app takes', async () => {
    for (const url of ['/no/such/page', '/404', '/admin/no-such', '/admin/users/1/no-such/tab']) {
      const res = await page(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toMatch(/<div id="root">(player|admin)<\/div>/);
      expect(res.body).toContain('window.bootstrapData=');
    }
    // Static pages of one or two segments are not channels (`/{slug}[/{restriction}]`) to look up.
    const pages = ['/', '/discover', '/login', '/offline', '/search/x', '/workspaces', '/workspaces/1'];
    for (const url of [
      ...pages,
      '/library/songs',
      '/notifications/settings',
      '/admin',
      '/admin/users/1/api',
      '/admin/users/1/details',
      '/admin/logs/error',
    ]) {
      expect({ url, status: (await page(url)).statusCode }).toEqual({ url, status: 200 });
    }
  });

  it("counts the backstage's pages at the site root (spec 2.10 /become-artist) as its routes", () => {
    const backstage = spaApps('/nowhere').find((app) => app.name === 'backstage');
    if (!backstage) throw new Error('no backstage app');
    expect(isAppRoute(backstage, '/become-artist')).toBe(true);
    expect(isAppRoute(backstage, '/claim-artist')).toBe(true);
    expect(isAppRoute(backstage, '/backstage/upload')).toBe(true);
    expect(isAppRoute(backstage, '/backstage/no-such')).toBe(false);
  });

  it('is 404 for a listener page whose item does not exist, for a guest and a signed-in user', async () => {
    const listener = await actor(t, ['music.view']);
    const albumId = await insertAlbum(t, 'Status Album', await insertArtist(t, 'Status Artist'));
    for (const headers of [{}, listener.headers]) {
      expect((await page(`/album/${albumId}/status-artist/status-album`, headers)).statusCode).toBe(200);
      for (const url of ['/album/999999/x/y', '/track/999999/x', '/artist/999999', '/no-such-page']) {
        const res = await page(url, headers);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
        expect(res.body).toContain('<div id="root">player</div>');
      }
    }
    // Asked again, the guest's missing page is not served from the kept pages as a 200.
    expect((await page('/no-such-page')).statusCode).toBe(404);
  });
});

describe('the homepage setting (spec 2.4)', () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html', 'sec-fetch-dest': 'document', ...headers } });
  const HOME_URL = '/api/v1/channel/discover?page=1&perPage=50';
  const title = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1];
  const withHome = async (type: string, value: string | null, check: () => Promise<void>) => {
    await t.app.services.settings.save({ client: { 'homepage.type': type, 'homepage.value': value } });
    try {
      await check();
    } finally {
      await t.app.services.settings.save({
        client: { 'homepage.type': 'channel', 'homepage.value': 'discover' },
      });
    }
  };

  it("answers `/` with the page it names: the guest's first answer carries no channel but that page's", async () => {
    const listener = await actor(t, ['music.view']);
    await withHome('landingPage', null, async () => {
      const guest = await page('/');
      expect(guest.statusCode).toBe(200);
      expect(initialResponses(guest.body)?.[HOME_URL]).toBeUndefined();
      expect(guest.body).toContain('<meta property="og:type" content="website">');
      expect(inlinedData(guest.body).settings.homepage.type).toBe('landingPage');
      // Signed in, `/` is the home channel.
      expect(initialResponses((await page('/', listener.headers)).body)?.[HOME_URL]).toBeTruthy();
    });
    await withHome('loginPage', null, async () => {
      const guest = await page('/');
      expect(guest.statusCode).toBe(200);
      expect(initialResponses(guest.body)).toBeNull();
      expect(title(guest.body)).toMatch(/^Login - /);
    });
    await withHome('registerPage', null, async () => {
      const guest = await page('/');
      expect(initialResponses(guest.body)).toBeNull();
      expect(title(guest.body)).toMatch(/^Register - /);
    });
    await withHome('channel', 'discover', async () => {
      expect(initialResponses((await page('/')).body)?.[HOME_URL]).toBeTruthy();
    });
  });

  it('answers `/` with a custom page when it names one', async () => {
    const created = await t.deps.db
      .insertInto('custom_pages')
      .values({ title: 'Welcome Home', slug: 'welcome-home', body: '<p>Hello</p>' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(created.id).toBeTruthy();
    await withHome('customPage', 'welcome-home', async () => {
      const inlined = initialResponses((await page('/')).body);
      expect(inlined?.['/api/v1/custom-pages/welcome-home']?.page.title).toBe('Welcome Home');
      expect(inlined?.[HOME_URL]).toBeUndefined();
    });
  });
});
