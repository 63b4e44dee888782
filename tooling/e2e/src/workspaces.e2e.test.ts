import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';
import { startSmtpPeer } from './smtp-peer';

let api: RunningApi;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const ADMIN = E2E_ADMIN;
/** react-aria's live announcer may still hold a gone button's pending announcement (see notifications.e2e). */
const LIVE_ANNOUNCER = ['[data-live-announcer]'];
const INVITEE = { email: 'band.member@e2e.test', password: 'band-member-password-1' };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  [api, browser] = await Promise.all([
    startApi({ 'registration.disable': 'true' }, { MAIL_URL: smtp.url, WORKSPACES_INTEGRATED: 'true' }),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await smtp?.close();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  return context;
}

async function login(page: Page, who: { email: string; password: string }) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** An api call with the page's session and XSRF token. */
function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** The mail's text, quoted-printable decoded. */
function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function taggedMp3(dir: string): string {
  const out = join(dir, 'workspace-song.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=3',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    '-id3v2_version',
    '3',
    '-metadata',
    'title=Workspace Song',
    '-metadata',
    'artist=Label Act',
    out,
  ]);
  return out;
}

describe('workspaces in the browser', () => {
  let owner: Page;
  let invitee: Page;
  let inviteeContext: BrowserContext;
  let workspaceId: number;

  it('the owner creates a workspace and invites a new email; the mail carries the join link', async () => {
    owner = await (await newContext()).newPage();
    await login(owner, ADMIN);
    await owner.goto(`${api.url}/workspaces`);
    await owner.getByRole('heading', { name: 'Workspaces', level: 1 }).waitFor();
    await expectNoAxeViolations(owner, '/workspaces', LIVE_ANNOUNCER);
    await owner.getByLabel('Workspace name').fill('E2E Label');
    await owner.getByRole('button', { name: 'Create workspace' }).click();
    await owner.waitForURL(/\/workspaces\/\d+$/);
    workspaceId = Number(new URL(owner.url()).pathname.split('/').pop());
    await owner.getByRole('heading', { name: 'E2E Label', level: 1 }).waitFor();

    // The label's roster: an artist created while the workspace is active belongs to it.
    await call(owner, 'POST', `artists?workspaceId=${workspaceId}`, { name: 'Label Act' });

    await owner.getByLabel('Email addresses').fill(INVITEE.email);
    await owner.getByRole('button', { name: 'Invite', exact: true }).click();
    await owner.getByTestId('workspace-invites').getByText(INVITEE.email).waitFor();
    // The toast has finished its entrance (axe would read a half-faded one's contrast).
    await owner.getByText('Invitations sent').waitFor();
    await owner.waitForTimeout(500);
    await expectNoAxeViolations(owner, '/workspaces/:id', LIVE_ANNOUNCER);
  });

  it('the invitee registers through the link while registration is disabled, and joins', async () => {
    const mail = decodeMail(await smtp.waitForMail(INVITEE.email));
    expect(mail).toContain('invited you to join E2E Label.');
    const link = /https?:\/\/[^\s"<>]+\/workspace\/join\/register\?[^\s"<>]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();

    inviteeContext = await newContext();
    invitee = await inviteeContext.newPage();
    // Without an invitation the register page is closed.
    await invitee.goto(`${api.url}/register`);
    await invitee.waitForURL((url) => url.pathname === '/login');

    await invitee.goto((link as string).replaceAll('&amp;', '&'));
    await invitee.getByRole('heading', { name: /To join your team on .+, create an account/ }).waitFor();
    expect(await invitee.getByLabel('Email').inputValue()).toBe(INVITEE.email);
    await expectNoAxeViolations(invitee, '/workspace/join/register', LIVE_ANNOUNCER);
    await invitee.locator('input[name="password"]').fill(INVITEE.password);
    await invitee.locator('input[name="password_confirmation"]').fill(INVITEE.password);
    await invitee.getByRole('button', { name: 'Create account' }).click();
    await invitee.getByText('Joined workspace').waitFor();
    await invitee.waitForURL((url) => !url.pathname.startsWith('/workspace/join'));
    const cookies = await inviteeContext.cookies(api.url);
    expect(cookies.find((cookie) => cookie.name === 'activeWorkspaceId')?.value).toBe(String(workspaceId));
    await invitee.getByTestId('workspace-switcher').getByText('E2E Label').waitFor();
  });

  it('the invitee uploads a track into the workspace, and the owner sees it in the backstage', async () => {
    const file = taggedMp3(mkdtempSync(join(tmpdir(), 'cadence-ws-')));
    await invitee.goto(`${api.url}/backstage/upload`);
    await invitee.getByRole('heading', { name: 'Upload' }).waitFor();
    await invitee.locator('[data-testid=backstage-upload] input[type=file]').setInputFiles([file]);
    await expect.poll(() => invitee.getByTestId('track-draft').count(), { timeout: 60_000 }).toBe(1);
    await invitee.getByLabel('Singles').check();
    await invitee.getByRole('checkbox', { name: 'Label Act' }).waitFor();
    const published = invitee.waitForResponse(
      (response) => response.url().includes('/api/v1/backstage/publish') && response.status() === 201,
    );
    await invitee.getByRole('button', { name: 'Publish singles' }).click();
    await published;
    await invitee.getByTestId('publish-done').waitFor();

    // The owner switches to the workspace from the backstage switcher and finds the track.
    await owner.goto(`${api.url}/backstage`);
    await owner.getByTestId('backstage-home').waitFor();
    expect(await owner.getByTestId('backstage-home').getByText('Workspace Song').count()).toBe(0);
    await owner.getByTestId('workspace-switcher').click();
    await owner.getByRole('menuitem', { name: 'E2E Label' }).click();
    await owner.getByTestId('workspace-switcher').getByText('E2E Label').waitFor();
    await owner.getByTestId('backstage-home').getByText('Workspace Song').waitFor();
    await expectNoAxeViolations(owner, '/backstage in a workspace', LIVE_ANNOUNCER);
  });

  it('a declined invitation says "Declined workspace invitation" to the invitee and to the owner', async () => {
    const second = await call<{ workspace: { id: number } }>(owner, 'POST', 'workspace', {
      name: 'Second Label',
    });
    await call(owner, 'POST', `workspace/${second.workspace.id}/invite`, { emails: [INVITEE.email] });
    await invitee.goto(`${api.url}/notifications`);
    const list = invitee.getByTestId('notification-list');
    await list.getByText('invited you to join Second Label.').waitFor();
    await expectNoAxeViolations(invitee, '/notifications with an invitation', LIVE_ANNOUNCER);
    await list.getByRole('button', { name: 'Decline' }).click();
    await invitee.getByText('Declined workspace invitation').waitFor();

    await owner.goto(`${api.url}/notifications`);
    await owner.getByTestId('notification-list').getByText('Declined workspace invitation').waitFor();
    await owner
      .getByTestId('notification-list')
      .getByText(/declined the invitation to join Second Label/)
      .waitFor();
    // Used up: answering it again says it is no longer valid.
    await invitee.goto(`${api.url}/notifications`);
    await list.getByRole('button', { name: 'Join' }).click();
    await invitee.getByText('This invite is no longer valid').waitFor();
  });

  it('with email confirmation on, the invitee who registers through the link is a member once confirmed', async () => {
    const email = 'confirming.member@e2e.test';
    await call(owner, 'POST', 'settings', { client: { require_email_confirmation: true } });
    try {
      await call(owner, 'POST', `workspace/${workspaceId}/invite`, { emails: [email] });
      const mail = decodeMail(await smtp.waitForMail(email));
      const link = /https?:\/\/[^\s"<>]+\/workspace\/join\/register\?[^\s"<>]+/.exec(mail)?.[0];
      const context = await newContext();
      const page = await context.newPage();
      await page.goto((link as string).replaceAll('&amp;', '&'));
      await page.locator('input[name="password"]').fill(INVITEE.password);
      await page.locator('input[name="password_confirmation"]').fill(INVITEE.password);
      const sent = smtp.messages.length;
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
      await expect
        .poll(() => smtp.messages.slice(sent).find((message) => message.to.includes(email)), {
          timeout: 20_000,
        })
        .toBeTruthy();
      const codeMail = smtp.messages.slice(sent).find((message) => message.to.includes(email));
      const code = /verification code: (\d{6})/.exec(decodeMail(codeMail?.raw ?? ''))?.[1];
      await page.getByLabel('Code').fill(code ?? '');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByTestId('workspace-switcher').getByText('E2E Label').waitFor();
      const cookies = await context.cookies(api.url);
      expect(cookies.find((cookie) => cookie.name === 'activeWorkspaceId')?.value).toBe(String(workspaceId));
      const mine = await call<{ workspaces: { id: number; role: string }[] }>(page, 'GET', 'me/workspaces');
      expect(mine.workspaces).toContainEqual(expect.objectContaining({ id: workspaceId, role: 'member' }));
      await context.close();
    } finally {
      await call(owner, 'POST', 'settings', { client: { require_email_confirmation: false } });
    }
  });

  it("closes a logged-out tab's realtime socket", async () => {
    const other = await inviteeContext.newPage();
    const opened = new Promise<WebSocket>((resolve) => {
      other.on('websocket', (socket) => {
        if (socket.url().includes('/api/v1/realtime')) resolve(socket);
      });
    });
    await other.goto(`${api.url}/discover`);
    const socket = await opened;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await invitee.getByTestId('user-menu-trigger').click();
    await invitee.getByRole('menuitem', { name: 'Log out' }).click();
    await invitee.waitForURL((url) => url.pathname === '/login');
    await Promise.race([
      closed,
      new Promise((_, reject) => setTimeout(() => reject(new Error('socket stayed open')), 5_000)),
    ]);
    // The other tab becomes a guest too: its bell goes away without a reload.
    await other.getByTestId('notification-bell').waitFor({ state: 'detached', timeout: 5_000 });
  });
});
