import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { insertAlbum, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let staticDir: string;
const BASE = 'http://cadence.test';

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-seo-'));
  const dist = path.join(staticDir, 'player', 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Cadence</title><!--bootstrap-data--><script>window.x=1</script></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ env: { STATIC_DIR: staticDir, APP_URL: BASE } });
});
afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

/** A crawler: no cookies, no JavaScript, just the HTML. */
async function crawl(url: string, status = 200) {
  const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(status);
  return { html: res.body, csp: String(res.headers['content-security-policy'] ?? '') };
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function head(html: string) {
  const meta = (attr: 'name' | 'property', key: string) => {
    const match = new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html);
    return match ? decode(match[1] ?? '') : null;
  };
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const ld = /<script type="application\/ld\+json" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    title: title === undefined ? null : decode(title),
    description: meta('name', 'description'),
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? null,
    ogImage: meta('property', 'og:image'),
    ogTitle: meta('property', 'og:title'),
    ogType: meta('property', 'og:type'),
    twitterCard: meta('name', 'twitter:card'),
    jsonLd: ld ? JSON.parse(ld) : null,
    main: /<noscript><main>([\s\S]*?)<\/main><\/noscript>/.exec(html)?.[1] ?? '',
  };
}

describe('listener pages for crawlers and link previews', () => {
  let artistId: number;
  let albumId: number;
  let trackIds: number[];

  beforeAll(async () => {
    artistId = await insertArtist(t, 'Ané & <The> "Band"');
    await t.deps.db
      .updateTable('artists')
      .set({ description: 'Dream pop from Lisbon.', image_large: 'storage/artists/ane.jpg' })
      .where('id', '=', artistId)
      .execute();
    albumId = await insertAlbum(t, 'Night </script><script>alert(1)</script>', artistId);
    await t.deps.db
      .updateTable('albums')
      .set({ image: 'storage/albums/night.jpg' })
      .where('id', '=', albumId)
      .execute();
    trackIds = [
      await insertTrack(t, { name: 'First Light', artistId, albumId, number: 1 }),
      await insertTrack(t, { name: 'Harbour', artistId, albumId, number: 2 }),
    ];
  });

  it('renders the album head (title, description, canonical, og:image, JSON-LD) and its track list', async () => {
    const { html, csp } = await crawl(`/album/${albumId}/anything/whatever`);
    const seo = head(html);
    expect(seo.title).toBe('Night </script><script>alert(1)</script> - Ané & <The> "Band" - Cadence');
    expect(seo.ogTitle).toBe(seo.title);
    expect(seo.ogType).toBe('music.album');
    expect(seo.description).toContain('Listen to Night');
    expect(seo.canonical).toBe(`${BASE}/album/${albumId}/ane-the-band/night-scriptscriptalert1script`);
    expect(seo.ogImage).toBe(`${BASE}/storage/albums/night.jpg`);
    expect(seo.twitterCard).toBe('summary_large_image');
    expect(seo.jsonLd).toMatchObject({
      '@type': 'MusicAlbum',
      name: 'Night </script><script>alert(1)</script>',
    });
    expect(seo.jsonLd.byArtist.name).toBe('Ané & <The> "Band"');
    // Escaped everywhere: the name cannot close a tag or a script.
    expect(html).not.toContain('<script>alert(1)');
    expect(seo.main).toContain('First Light');
    expect(seo.main).toContain('Harbour');
    expect(seo.main).toContain(`/track/${trackIds[0]}/first-light`);
    // The template's own inline script keeps the response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">window.x=1</script>`);
  });

  it("renders the track head with the album's artwork and the artist page with its description", async () => {
    const track = head((await crawl(`/track/${trackIds[1]}/harbour`)).html);
    expect(track.title).toBe('Ané & <The> "Band" - Harbour - Cadence');
    expect(track.ogType).toBe('music.song');
    expect(track.canonical).toBe(`${BASE}/track/${trackIds[1]}/harbour`);
    expect(track.ogImage).toBe(`${BASE}/storage/albums/night.jpg`);
    expect(track.jsonLd).toMatchObject({ '@type': 'MusicRecording', name: 'Harbour', duration: 'PT3M0S' });
    expect(track.main).toContain('Harbour');
    expect(track.main).toContain('Ané &amp; &lt;The&gt; &quot;Band&quot;');

    const artist = head((await crawl(`/artist/${artistId}`)).html);
    expect(artist.title).toBe('Ané & <The> "Band" - Cadence');
    expect(artist.description).toBe('Dream pop from Lisbon.');
    expect(artist.canonical).toBe(`${BASE}/artist/${artistId}/ane-the-band`);
    expect(artist.ogImage).toBe(`${BASE}/storage/artists/ane.jpg`);
    expect(artist.jsonLd['@type']).toBe('MusicGroup');
    expect(artist.main).toContain('First Light');
  });

  it('renders the search page head and its results', async () => {
    const search = head((await crawl('/search/harbour')).html);
    expect(search.title).toBe('Search results for harbour - Cadence');
    expect(search.canonical).toBe(`${BASE}/search/harbour`);
    expect(search.description).toContain('Search results for harbour');
    expect(search.main).toContain('Harbour');
  });

  it('renders custom pages, channels and the landing page; an unknown album says noindex', async () => {
    const aboutHtml = (await crawl('/pages/about-us')).html;
    // What the SEO read is handed to the player with the HTML: it does not ask again.
    const inlined = /window\.initialResponses=(.*?);<\/script>/s.exec(aboutHtml)?.[1];
    expect(JSON.parse(inlined ?? '{}')['/api/v1/custom-pages/about-us'].page.slug).toBe('about-us');
    const about = head(aboutHtml);
    expect(about.title).toBe('About Us - Cadence');
    expect(about.canonical).toBe(`${BASE}/pages/about-us`);
    expect(about.description).toContain('placeholder');
    expect(about.main).toContain('replace this text');

    const home = head((await crawl('/')).html);
    expect(home.canonical).toBe(`${BASE}/`);
    expect(home.title).toBeTruthy();

    const landing = head((await crawl('/landing')).html);
    expect(landing.title).toBe('Cadence - Listen to music free.');
    expect(landing.ogType).toBe('website');

    expect(head((await crawl('/contact')).html).title).toBe('Contact us - Cadence');

    const missing = await crawl('/album/999999/x/y', 404);
    expect(missing.html).toContain('<meta name="robots" content="noindex">');
    expect(head(missing.html).title).toBe('Cadence');
  });

  it('renders playlists (public only), user profiles and channels', async () => {
    const ownerId = await createTestUser(t.deps);
    await t.deps.db.updateTable('users').set({ name: 'Mia Curator' }).where('id', '=', ownerId).execute();
    const addPlaylist = async (name: string, isPublic: boolean) => {
      const { id } = await t.deps.db
        .insertInto('playlists')
        .values({ name, slug: name.toLowerCase().replace(/\s+/g, '-'), owner_id: ownerId, public: isPublic })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.deps.db
        .insertInto('playlist_track')
        .values(
          trackIds.map((trackId, position) => ({
            playlist_id: id,
            track_id: trackId,
            position,
            added_by: ownerId,
          })),
        )
        .execute();
      return id;
    };
    const publicId = await addPlaylist('Late Night Mix', true);
    const privateId = await addPlaylist('Secret Mix', false);

    const playlist = head((await crawl(`/playlist/${publicId}/late-night-mix`)).html);
    expect(playlist.title).toBe('Late Night Mix by Mia Curator - Cadence');
    expect(playlist.ogType).toBe('music.playlist');
    expect(playlist.canonical).toBe(`${BASE}/playlist/${publicId}/late-night-mix`);
    expect(playlist.jsonLd).toMatchObject({ '@type': 'MusicPlaylist', numTracks: '2' });
    expect(playlist.jsonLd.track.map((track: { name: string }) => track.name)).toEqual([
      'First Light',
      'Harbour',
    ]);
    expect(playlist.main).toContain('Harbour');

    // A guest may not see a private playlist: its page says nothing of it.
    const hidden = await crawl(`/playlist/${privateId}/secret-mix`, 404);
    expect(hidden.html).not.toContain('Secret Mix');
    expect(hidden.html).toContain('<meta name="robots" content="noindex">');

    const profile = head((await crawl(`/user/${ownerId}/mia-curator`)).html);
    expect(profile.title).toBe('Mia Curator - Cadence');
    expect(profile.ogType).toBe('profile');
    expect(profile.canonical).toBe(`${BASE}/user/${ownerId}/mia-curator`);

    const channel = head((await crawl('/popular-albums')).html);
    expect(channel.ogType).toBe('website');
    expect(channel.canonical).toBe(`${BASE}/popular-albums`);
    expect(channel.main).toContain('<h1>');
  });

  it("uses the admin's template override (seo.album_page) and still escapes its values", async () => {
    await t.app.services.settings.save({
      client: { seo: { album_page: '<title>{{album.name}} | {{site_name}} (custom)</title>' } },
    });
    try {
      const seo = head((await crawl(`/album/${albumId}/a/b`)).html);
      expect(seo.title).toBe('Night </script><script>alert(1)</script> | Cadence (custom)');
    } finally {
      await t.app.services.settings.save({ client: { seo: { album_page: null } } });
    }
  });

  it('never leaves a page without a title: an override whose title renders empty falls back', async () => {
    const override = '<meta name="description" content="{{description}}">';
    await t.app.services.settings.save({ client: { seo: { album_page: override } } });
    try {
      const seo = head((await crawl(`/album/${albumId}/a/b`)).html);
      expect(seo.title).toBe('Night </script><script>alert(1)</script> - Ané & <The> "Band" - Cadence');
      expect(seo.description).toContain('Listen to Night');
    } finally {
      await t.app.services.settings.save({ client: { seo: { album_page: null } } });
    }
  });

  it('refuses a settings save of a template with an unknown placeholder', async () => {
    await expect(
      t.app.services.settings.save({ client: { seo: { album_page: '<title>{{album.title}}</title>' } } }),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await t.app.services.settings.get('seo.album_page')).toBeNull();
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lists the sitemap in robots.txt and keeps private areas out', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /admin');
  });

  it('writes an index and files of at most 50,000 urls, escaped, with lastmod, from keyset pages', async () => {
    const artistId = await insertArtist(t, 'Bulk Artist');
    // 50,001 public tracks and a private one: two track files, the private track in neither.
    await sql`insert into tracks (name, slug, visibility, duration)
      select 'Bulk ' || n, 'bulk-' || n, 'public', 1000 from generate_series(1, 50001) as n`.execute(
      t.deps.db,
    );
    const privateId = await insertTrack(t, { name: 'Secret Demo', artistId, visibility: 'private' });
    const pageId = (
      await t.deps.db
        .insertInto('custom_pages')
        .values({ title: 'Q&A', slug: 'q-and-a', body: '' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    // The settings page's "Generate sitemap" action (modules/settings): admins only.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/settings/sitemap/generate' })).statusCode,
    ).toBe(401);
    const admin = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['settings.update'] }));
    const generated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/sitemap/generate',
      headers: { cookie: admin.cookie, 'x-xsrf-token': admin.xsrf },
    });
    expect(generated.statusCode).toBe(200);
    const { files, urls } = generated.json() as { files: number; urls: number };
    // The design's address of the index on the public disk serves the same file.
    expect((await t.app.inject({ url: '/storage/sitemaps/sitemap-index.xml' })).statusCode).toBe(200);
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [
      ...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/sitemap>/g),
    ];
    expect(locs).toHaveLength(files);
    expect(locs.map((m) => m[1])).toEqual(
      expect.arrayContaining([`${BASE}/sitemap-tracks-1.xml`, `${BASE}/sitemap-tracks-2.xml`]),
    );

    const publicTracks = Number(
      (
        await t.deps.db
          .selectFrom('tracks')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('visibility', '=', 'public')
          .executeTakeFirstOrThrow()
      ).n,
    );
    let total = 0;
    let trackUrls = 0;
    const seen = new Set<string>();
    for (const [, loc, indexLastmod] of locs) {
      expect(Number.isNaN(Date.parse(indexLastmod ?? ''))).toBe(false);
      const file = await t.app.inject({ url: new URL(loc ?? '').pathname });
      expect(file.statusCode).toBe(200);
      const body = file.body;
      expect(
        body.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ),
      ).toBe(true);
      expect(body.trimEnd().endsWith('</urlset>')).toBe(true);
      expect(Buffer.byteLength(body)).toBeLessThan(50 * 1024 * 1024);
      // Every & is an entity: the XML is well formed.
      expect(/&(?!amp;|lt;|gt;|quot;|apos;)/.test(body)).toBe(false);
      const entries = [...body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
      expect(entries.length).toBe(body.split('<url>').length - 1);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(50_000);
      for (const [, url, lastmod] of entries) {
        expect(url?.startsWith(`${BASE}/`)).toBe(true);
        expect((url ?? '').length).toBeLessThan(2048);
        expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
        expect(seen.has(url ?? '')).toBe(false);
        seen.add(url ?? '');
      }
      total += entries.length;
      if (loc?.includes('sitemap-tracks-')) trackUrls += entries.length;
    }
    expect(total).toBe(urls);
    expect(trackUrls).toBe(publicTracks);
    expect([...seen].some((url) => url.includes(`/track/${privateId}/`))).toBe(false);
    expect(seen.has(`${BASE}/pages/q-and-a`)).toBe(true);
    expect(pageId).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/sitemap-tracks-1.xml' })).body.split('<url>').length - 1).toBe(
      50_000,
    );
    expect((await t.app.inject({ url: '/sitemap-../../etc.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemap-tracks-99.xml' })).statusCode).toBe(404);
  }, 120_000);
});
