import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';
import { ADMIN, apiCall, expectSettledAndClean, newPage, register, signIn } from './journey-steps';

/**
 * Issue 38's "Together": in a party, a listener's reaction and time-stamped line ("moment") reach
 * the other members, and the moment shows at its second of the track. One api (the fan-out across
 * replicas is the sync test's and the api's replica tests' job), the guest's path by keyboard.
 */
let api: RunningApi;
let browser: Browser;

beforeAll(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser({ autoplay: true })]);
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

/**
 * Runs in a page: once the moment with `text` has left the page and come back, resolves with the
 * playing element's position (ms) at that DOM change; rejects after 30 s.
 */
function positionWhenMomentReturns(text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const isShown = () =>
      [...document.querySelectorAll('[data-testid="party-moment"]')].some((moment) =>
        moment.textContent?.includes(text),
      );
    let hasLeft = false;
    const observer = new MutationObserver(() => {
      if (!isShown()) {
        hasLeft = true;
        return;
      }
      if (!hasLeft) return;
      observer.disconnect();
      const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
      resolve((audio?.currentTime ?? -1) * 1000);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the moment "${text}" did not leave and come back within 30 s`));
    }, 30_000);
  });
}

describe('a party together', () => {
  it("shows a guest's reaction and time-stamped line to the others, the line at its second", async () => {
    const host = await newPage(browser, api);
    const guest = await newPage(browser, api);
    const friend = await newPage(browser, api, { width: 390, height: 844 });
    await signIn(host, api, ADMIN);
    await register(guest, api, { email: `guest-${Date.now()}@e2e.test`, password: 'party-password-3' });
    await register(friend, api, { email: `friend-${Date.now()}@e2e.test`, password: 'party-password-4' });

    await host.goto(`${api.url}/album/7/neon-atlas/autobahn-nights`);
    await host.getByTestId('start-party').click();
    await host.waitForURL(/\/party\/[A-Z0-9]{6}$/);
    for (const page of [guest, friend]) {
      await page.goto(host.url());
      await page.getByTestId('party-join').click();
    }
    await host.getByTestId('party-members').getByRole('listitem').nth(2).waitFor();
    await host.getByTestId('party-play-toggle').click();
    await guest.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
      return !!audio && !audio.paused && audio.currentTime > 3;
    });

    // The guest writes, pins the line to this second and sends it, all from the keyboard.
    await guest.getByLabel('Message').focus();
    await guest.keyboard.type('Listen to this bass line');
    await guest.keyboard.press('Tab');
    await expect
      .poll(() => guest.evaluate(() => document.activeElement?.getAttribute('type')))
      .toBe('checkbox');
    await guest.keyboard.press('Space');
    await expect
      .poll(() => guest.getByRole('checkbox', { name: 'At this moment of the track' }).isChecked())
      .toBe(true);
    await guest.keyboard.press('Tab');
    const sent = guest.waitForResponse(
      (response) =>
        /\/api\/v1\/parties\/[A-Z0-9]+\/messages$/.test(response.url()) && response.status() === 201,
    );
    await guest.keyboard.press('Enter');
    const line = ((await sent.then((response) => response.json())) as { message: { position_ms: number } })
      .message;
    expect(line.position_ms).toBeGreaterThan(3_000);

    for (const page of [host, friend]) {
      const chat = page.getByTestId('party-message').filter({ hasText: 'Listen to this bass line' });
      await chat.waitFor();
      await expect.poll(() => chat.textContent()).toContain('at 0:0');
    }

    // Back to the start: the moment leaves the others' pages, then returns when the track
    // reaches its second again (the moments are read every half second).
    const moment = friend.getByTestId('party-moment').filter({ hasText: 'Listen to this bass line' });
    await moment.waitFor();
    // The friend's page notes the track's position at the DOM change that shows the moment again:
    // read after Playwright's wait instead, a loaded machine's round trips added to it.
    const shownAtInPage = friend.evaluate(positionWhenMomentReturns, 'Listen to this bass line');
    shownAtInPage.catch(() => undefined);
    await host.getByTestId('party-back').focus();
    await host.keyboard.press('Enter');
    await moment.waitFor({ state: 'detached' });
    await moment.waitFor({ timeout: 20_000 });
    const shownAt = await shownAtInPage;
    expect(shownAt).toBeGreaterThanOrEqual(line.position_ms - 100);
    expect(shownAt).toBeLessThan(line.position_ms + 1_000);
    await host.getByTestId('party-moment').filter({ hasText: 'Listen to this bass line' }).waitFor();

    // The guest reacts from the keyboard: "React" opens the set, Tab reaches its first emoji.
    const guestLine = guest.getByTestId('party-message').filter({ hasText: 'Listen to this bass line' });
    await guestLine.getByTestId('party-react').focus();
    await guest.keyboard.press('Enter');
    await guest.keyboard.press('Tab');
    await expect
      .poll(() => guest.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Thumbs up');
    await guest.keyboard.press('Enter');
    for (const page of [host, friend])
      await page
        .getByTestId('party-message')
        .filter({ hasText: 'Listen to this bass line' })
        .getByRole('button', { name: /^Thumbs up, 1: / })
        .waitFor();

    // The reaction's count is the api's too (not only each page's own view of it).
    const code = host.url().split('/').pop();
    const party = await apiCall<{ party: { messages: { reactions: { emoji: string; count: number }[] }[] } }>(
      friend,
      'GET',
      `parties/${code}`,
    );
    expect(party.body.party.messages.at(-1)?.reactions).toEqual([
      expect.objectContaining({ emoji: '👍', count: 1 }),
    ]);

    await expectSettledAndClean(friend, 'party page with a moment, on a phone');
    await expectSettledAndClean(host, 'party page with a reaction, host');
    for (const page of [host, guest, friend]) await page.context().close();
  }, 120_000);
});
