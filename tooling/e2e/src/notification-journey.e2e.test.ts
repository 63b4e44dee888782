import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';
import {
  ADMIN,
  expectSettledAndClean,
  JOURNEY_WIDTHS,
  makeSong,
  newPage,
  publishSingles,
  register,
  signIn,
  uploadDrafts,
} from './journey-steps';

/**
 * Issue 32's artist journey at a phone's and a laptop's width, axe clean at each: a listener finds
 * "Become an artist" in the player (the sidebar, or the user menu where the phone has no sidebar),
 * asks; the admin is told (bell and dashboard) and approves; the listener follows the approval's
 * notification to the upload page and publishes a song. One server for both widths.
 */
let api: RunningApi;
let browser: Browser;
let files: string;

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'cadence-e2e-journey-'));
  [api, browser] = await Promise.all([
    startApi({ 'player.show_become_artist_button': 'true' }),
    launchBrowser(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

async function unreadCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/notifications', { credentials: 'include' });
    const body = (await response.json()) as { pagination: { data: { read_at: string | null }[] } };
    return body.pagination.data.filter((row) => !row.read_at).length;
  });
}

describe.each(JOURNEY_WIDTHS)('from listener to published artist at $width px', (viewport) => {
  const isPhone = viewport.width < 768;
  const band = `The Notified Band ${viewport.width}`;
  const song = `First Light ${viewport.width}`;

  it('finds "Become an artist" in the player, is approved through the admin, follows the notification and publishes', async () => {
    // A listener registers and finds the way in from the player.
    const listener = await newPage(browser, api, viewport);
    await register(listener, api, {
      email: `notified-${viewport.width}@e2e.test`,
      password: 'listener-password-1',
    });
    await listener.goto(`${api.url}/`);
    if (isPhone) {
      await listener.getByTestId('user-menu-trigger').click();
      await listener.getByRole('menuitem', { name: 'Become an artist' }).click();
    } else {
      await listener.getByTestId('sidebar-actions').getByRole('link', { name: 'Become an artist' }).click();
    }
    await listener.waitForURL((url) => url.pathname === '/become-artist');
    await listener.getByRole('heading', { name: 'Become an artist', level: 1 }).waitFor();
    await expectSettledAndClean(listener, `become-artist form at ${viewport.width}`);
    await listener.getByLabel('Artist name').fill(band);
    await listener.getByRole('button', { name: 'Submit request' }).click();
    await listener.waitForURL(/\/backstage\/requests\/\d+\/request-submitted$/);
    const requestId = Number(/requests\/(\d+)\//.exec(listener.url())?.[1]);

    // The admin is told: the dashboard lists the request as waiting, the bell leads to it.
    const admin = await newPage(browser, api, viewport);
    await signIn(admin, api, ADMIN);
    await admin.goto(`${api.url}/admin`);
    await admin
      .getByTestId('dashboard-pending-requests')
      .getByRole('link', { name: new RegExp(band) })
      .waitFor();
    await admin.getByTestId('dashboard-plays').waitFor();
    await admin.getByTestId('dashboard-signups').waitFor();
    await admin.getByTestId('dashboard-uploads').waitFor();
    await expectSettledAndClean(admin, `admin dashboard at ${viewport.width}`);
    await admin.getByTestId('notification-bell').click();
    await admin
      .getByTestId('notification-popover')
      .getByRole('listitem')
      .filter({ hasText: band })
      .getByRole('link', { name: /asks to become an artist/ })
      .click();
    await admin.waitForURL(new RegExp(`/admin/backstage-requests/${requestId}$`));
    await admin.getByTestId('backstage-request').waitFor();
    await expectSettledAndClean(admin, `admin request page at ${viewport.width}`);
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.getByTestId('request-status').getByText('approved').waitFor();
    await admin.context().close();

    // The listener follows the notification (the bell, or the notifications page on a phone).
    await listener.goto(`${api.url}/`);
    expect(await unreadCount(listener)).toBe(1);
    let approved = listener.getByTestId('notification-popover');
    if (isPhone) {
      await listener.getByTestId('user-menu-trigger').click();
      await listener.getByRole('menuitem', { name: 'Notifications' }).click();
      approved = listener.getByTestId('notification-list');
    } else {
      await listener.getByTestId('notification-badge').waitFor();
      await listener.getByTestId('notification-bell').click();
    }
    await approved.getByRole('link', { name: 'Your request to become an artist was approved.' }).click();
    await listener.waitForURL(/\/backstage\/upload$/);
    await listener.getByTestId('backstage-upload').waitFor();
    expect(await unreadCount(listener)).toBe(0);
    await expectSettledAndClean(listener, `backstage upload at ${viewport.width}`);

    // ...and publishes a song under the approved artist.
    await uploadDrafts(listener, [
      makeSong(files, { file: `first-light-${viewport.width}.mp3`, title: song }),
    ]);
    await expectSettledAndClean(listener, `upload draft at ${viewport.width}`);
    const { track_ids: trackIds = [] } = await publishSingles(listener);
    expect(trackIds).toHaveLength(1);
    await listener
      .getByTestId('publish-done')
      .getByRole('link', { name: `Edit track ${trackIds[0]}` })
      .waitFor();
    await expectSettledAndClean(listener, `published at ${viewport.width}`);
    await listener.context().close();
  }, 240_000);
});
