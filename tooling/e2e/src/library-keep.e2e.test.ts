import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LastfmPeer, startLastfmPeer } from '@cadence/scrobble-peers/lastfm-peer';
import { type ListenBrainzPeer, startListenBrainzPeer } from '@cadence/scrobble-peers/listenbrainz-peer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';
import { ADMIN, expectSettledAndClean, newPage, signIn } from './journey-steps';

/**
 * Issue 37 in the browser: a smart playlist built in the editor and played; ListenBrainz (a local
 * peer) connected in account settings and a scrobble arriving once half a track was heard;
 * Last.fm (a local peer) connected through its web authentication page; an M3U8 imported and its
 * match report read.
 */
let api: RunningApi;
let browser: Browser;
let listenbrainz: ListenBrainzPeer;
let lastfm: LastfmPeer;
const TOKEN = 'e2e-listenbrainz-token';
const LASTFM = { apiKey: 'e2e-lastfm-key', secret: 'e2e-lastfm-secret', user: 'e2e-lastfm-listener' };

beforeAll(async () => {
  [listenbrainz, lastfm] = await Promise.all([
    startListenBrainzPeer({ tokens: { [TOKEN]: 'e2e-listener' } }),
    startLastfmPeer({ apiKey: LASTFM.apiKey, secret: LASTFM.secret, users: [LASTFM.user] }),
  ]);
  [api, browser] = await Promise.all([
    startApi({
      'scrobbling.listenbrainz_url': listenbrainz.url,
      'scrobbling.lastfm_api_url': `${lastfm.url}/2.0/`,
      'scrobbling.lastfm_auth_url': `${lastfm.url}/api/auth/`,
      'scrobbling.lastfm_api_key': LASTFM.apiKey,
      'scrobbling.lastfm_secret': LASTFM.secret,
    }),
    launchBrowser({ autoplay: true }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await Promise.all([listenbrainz?.close(), lastfm?.close()]);
});

const audio = (page: Page) => page.locator('[data-testid="player-audio"]');
const audioTime = (page: Page) =>
  audio(page).evaluate((element) => (element as HTMLAudioElement).currentTime);

describe('a library you keep and carry', () => {
  it('builds a smart playlist, connects ListenBrainz and scrobbles it while it plays', async () => {
    const page = await newPage(browser, api);
    await signIn(page, api, ADMIN);

    await page.goto(`${api.url}/account-settings`);
    const panel = page.getByTestId('panel-connected-services');
    await panel.getByLabel('ListenBrainz user token').fill('wrong-token');
    await panel.getByRole('button', { name: 'Connect ListenBrainz' }).click();
    // The api asks the ListenBrainz peer first: wait for the message, not for a clock.
    await panel.getByText('ListenBrainz does not know this token.').waitFor({ timeout: 15_000 });
    await panel.getByLabel('ListenBrainz user token').fill(TOKEN);
    await panel.getByRole('button', { name: 'Connect ListenBrainz' }).click();
    await page.getByTestId('scrobbling-listenbrainz-status').getByText('Connected as e2e-listener').waitFor();
    await expectSettledAndClean(page);

    await page.getByTestId('sidebar-new-smart-playlist').click();
    const editor = page.getByTestId('smart-playlist-editor');
    await editor.getByLabel('Name').fill('Harbor songs');
    await editor.getByTestId('smart-rule-operator').getByRole('button').click();
    await page.getByRole('option', { name: 'contains', exact: true }).click();
    await editor.getByTestId('smart-rule-value').locator('input').fill('harbor');
    await editor.getByText(/^[1-9]\d* matching tracks?$/).waitFor();
    await editor.getByRole('button', { name: 'Create' }).click();
    await page.getByTestId('playlist-page').waitFor();
    const firstRow = page.getByTestId('track-row').first();
    await expect.poll(() => firstRow.textContent()).toMatch(/Harbor/i);

    const before = listenbrainz.listens().length;
    await page
      .getByTestId('playlist-page')
      .getByRole('button', { name: 'Play', exact: true })
      .first()
      .click();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await listenbrainz.waitForNowPlaying(1);
    // Listening faster (not seeking: a seek is not listening) brings half the track sooner.
    await audio(page).evaluate((element) => {
      (element as HTMLAudioElement).playbackRate = 4;
    });
    await listenbrainz.waitForListens(before + 1);
    const listen = listenbrainz.listens().at(-1);
    expect(listen?.user).toBe('e2e-listener');
    expect(listen?.listen.track_metadata.track_name).toMatch(/Harbor/i);
  }, 120_000);

  it('connects Last.fm through its web authentication page and comes back connected, the page axe-clean', async () => {
    const page = await newPage(browser, api);
    await signIn(page, api, ADMIN);
    await page.goto(`${api.url}/account-settings`);
    const panel = page.getByTestId('panel-connected-services');
    await panel.getByRole('button', { name: 'Connect Last.fm' }).click();
    // Last.fm's own page (the peer's): the listener allows access, and Last.fm sends them back.
    await page.waitForURL((url) => url.origin === lastfm.url && url.pathname.startsWith('/api/auth'));
    await page.getByRole('button', { name: 'Yes, allow access' }).click();
    await page.waitForURL((url) => url.origin === api.url && url.pathname === '/account-settings');
    const status = page.getByTestId('scrobbling-lastfm-status');
    await status.getByText(`Connected as ${LASTFM.user}`).waitFor();
    await expectSettledAndClean(page);

    // Disconnecting deletes the stored session key: the page offers to connect again.
    await panel.getByRole('button', { name: 'Disconnect Last.fm' }).click();
    await panel.getByRole('button', { name: 'Connect Last.fm' }).waitFor();
  });

  it('imports an M3U8 and shows what matched and what did not', async () => {
    const page = await newPage(browser, api);
    await signIn(page, api, ADMIN);
    const file = join(tmpdir(), `e2e-import-${Date.now()}.m3u8`);
    writeFileSync(
      file,
      [
        '#EXTM3U',
        '#EXTINF:36,AURORA FIELDS - first snow',
        'a.mp3',
        '#EXTINF:200,Nobody - A Song Nobody Has',
        'b.mp3',
        '',
      ].join('\n'),
    );
    await page.goto(`${api.url}/library/playlists`);
    await page.getByRole('button', { name: 'Import playlist' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-playlist-choose').click();
    await (await chooser).setFiles(file);
    await page.getByTestId('import-playlist-submit').click();
    const report = page.getByTestId('import-playlist-report');
    await report.getByText('1 of 2 songs found').waitFor();
    expect(await report.getByTestId('import-playlist-unmatched').textContent()).toBe(
      'Nobody – A Song Nobody Has',
    );
    await expectSettledAndClean(page);
    await report.getByRole('link').click();
    await page.getByTestId('playlist-page').waitFor();
    await expect.poll(() => page.getByTestId('track-row').first().textContent()).toMatch(/First Snow/);
  });

  it("imports Spotify's Playlist1.json: a report for each playlist, none made from no matches", async () => {
    const page = await newPage(browser, api);
    await signIn(page, api, ADMIN);
    const file = join(tmpdir(), `e2e-import-${Date.now()}-Playlist1.json`);
    const item = (trackName: string, artistName: string, albumName: string) => ({
      track: { trackName, artistName, albumName, trackUri: 'spotify:track:x' },
      episode: null,
      localTrack: null,
      addedDate: '2024-01-01',
    });
    writeFileSync(
      file,
      JSON.stringify({
        playlists: [
          {
            name: 'Winter from Spotify',
            lastModifiedDate: '2024-01-01',
            items: [item('First Snow', 'Aurora Fields', ''), item('A Song Nobody Has', 'Nobody', 'Nowhere')],
          },
          { name: 'Nothing here', lastModifiedDate: '2024-01-01', items: [item('Unknown', 'Nobody', '')] },
        ],
      }),
    );
    await page.goto(`${api.url}/library/playlists`);
    await page.getByRole('button', { name: 'Import playlist' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-playlist-choose').click();
    await (await chooser).setFiles(file);
    await page.getByTestId('import-playlist-submit').click();
    const report = page.getByTestId('import-playlist-report');
    const winter = report.getByRole('region', { name: 'Winter from Spotify' });
    await winter.getByText('1 of 2 songs found').waitFor();
    expect(await winter.getByTestId('import-playlist-unmatched').textContent()).toBe(
      'Nobody – A Song Nobody Has',
    );
    const empty = report.getByRole('region', { name: 'Nothing here' });
    await empty.getByText('0 of 1 songs found (no playlist was created)').waitFor();
    expect(await empty.getByRole('link').count()).toBe(0);
    await expectSettledAndClean(page);
    await winter.getByRole('link', { name: 'Winter from Spotify' }).click();
    await page.getByTestId('playlist-page').waitFor();
    await expect.poll(() => page.getByTestId('track-row').first().textContent()).toMatch(/First Snow/);
  });
});
