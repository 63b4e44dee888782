import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailText, startSmtpPeer } from '../auth/smtp-peer';
import { actor, type Headers, insertArtist } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let artistId = 0;
const people: Record<'owner' | 'editor' | 'stranger', { id: number; headers: Headers; email: string }> =
  {} as never;
const IBAN = 'DE89 3704 0044 0532 0130 00';
const bank = { method: 'bank_transfer', payee_name: 'Night Owls Ltd', iban: IBAN, bic: 'cobadeffxxx' };

const url = () => `/api/v1/artists/${artistId}/payout-details`;
const as = (who: keyof typeof people, method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: people[who].headers, payload });

async function person() {
  const { id, headers } = await actor(t, []);
  const { email } = await t.deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, headers, email };
}

/** The token of the confirmation link mailed to `email` after `since` mails. */
async function linkToken(email: string, since: number): Promise<{ token: string; text: string }> {
  const text = mailText((await smtp.waitFor(email, since)).raw);
  const match = text.match(
    /https:\/\/studio\.cadence\.test\/artists\/(\d+)\/payout-details\?confirm=([\w-]+)/,
  );
  expect(match?.[1]).toBe(String(artistId));
  return { token: match?.[2] ?? '', text };
}

async function auditActions() {
  const rows = await t.deps.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'after'])
    .where('subject_type', '=', 'artist')
    .where('subject_id', '=', String(artistId))
    .orderBy('id')
    .execute();
  return rows;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    env: {
      MAIL_URL: smtp.url,
      MAIL_FROM: 'Cadence <no-reply@cadence.test>',
      BACKSTAGE_URL: 'https://studio.cadence.test',
    },
  });
  people.owner = await person();
  people.editor = await person();
  people.stranger = await person();
  artistId = await insertArtist(t, 'Night Owls', people.owner.id);
  await t.deps.db
    .insertInto('user_artist')
    .values({ user_id: people.editor.id, artist_id: artistId, role: 'editor' })
    .execute();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('payout details', () => {
  it('are private: another signed-in user gets the 404 of a missing artist, a guest 401', async () => {
    expect((await as('stranger', 'GET', url())).statusCode).toBe(404);
    expect((await as('stranger', 'PUT', url(), bank)).statusCode).toBe(404);
    expect((await as('stranger', 'POST', `${url()}/confirm`, { token: 'x' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url() })).statusCode).toBe(401);
    const none = await as('owner', 'GET', url());
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ artist_id: artistId, confirmed: null, confirmed_at: null, pending: null });
  });

  it('refuses bad details with the fields in error (422)', async () => {
    const cases: [object, string][] = [
      [{ ...bank, iban: 'DE89 3704 0044 0532 0130 01' }, 'iban'],
      [{ ...bank, bic: 'nope' }, 'bic'],
      [{ ...bank, payee_name: '  ' }, 'payee_name'],
      [{ method: 'paypal', payee_name: 'Owls', paypal_email: 'not-an-email' }, 'paypal_email'],
    ];
    for (const [payload, field] of cases) {
      const answer = await as('owner', 'PUT', url(), payload);
      expect(answer.statusCode, field).toBe(422);
      expect(answer.json().errors[field], field).toBeDefined();
    }
    expect((await as('owner', 'PUT', url(), { payee_name: 'Owls' })).statusCode).toBe(422);
  });

  it('takes effect only once a manager follows the emailed link; each step is audited', async () => {
    const since = smtp.received.length;
    const asked = await as('owner', 'PUT', url(), bank);
    expect(asked.statusCode).toBe(202);
    const normalised = { ...bank, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
    expect(asked.json()).toMatchObject({ confirmed: null, pending: { details: normalised } });

    // Every manager is told; the mail shows the account's last digits only.
    const { token, text } = await linkToken(people.editor.email, since);
    const ownerMail = await linkToken(people.owner.email, since);
    expect(ownerMail.token).toBe(token);
    expect(text).toContain('IBAN ending 3000');
    expect(text).not.toContain('DE89370400440532013000');
    expect(smtp.received.slice(since).some((mail) => mail.to.includes(people.stranger.email))).toBe(false);

    expect((await as('stranger', 'POST', `${url()}/confirm`, { token })).statusCode).toBe(404);
    const wrong = await as('owner', 'POST', `${url()}/confirm`, { token: `${token}x` });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.token).toBeDefined();

    const confirmed = await as('editor', 'POST', `${url()}/confirm`, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ confirmed: normalised, pending: null });
    expect((await as('owner', 'POST', `${url()}/confirm`, { token })).statusCode).toBe(422);

    const audit = await auditActions();
    expect(audit.map((row) => [row.action, row.actor_id])).toEqual([
      ['payouts.details.request', people.owner.id],
      ['payouts.details.confirm', people.editor.id],
    ]);
    expect(JSON.stringify(audit)).not.toContain('DE89370400440532013000');
  });

  it('a newer change replaces the older link, and the details in effect stay until confirmed', async () => {
    let since = smtp.received.length;
    await as('owner', 'PUT', url(), {
      method: 'paypal',
      payee_name: 'Owls',
      paypal_email: 'first@owls.test',
    });
    const first = await linkToken(people.owner.email, since);
    since = smtp.received.length;
    await as('editor', 'PUT', url(), {
      method: 'paypal',
      payee_name: 'Owls',
      paypal_email: 'second@owls.test',
    });
    const second = await linkToken(people.owner.email, since);

    expect((await as('owner', 'POST', `${url()}/confirm`, { token: first.token })).statusCode).toBe(422);
    const waiting = (await as('owner', 'GET', url())).json();
    expect(waiting.confirmed.method).toBe('bank_transfer');
    expect(waiting.pending.details.paypal_email).toBe('second@owls.test');

    const done = await as('owner', 'POST', `${url()}/confirm`, { token: second.token });
    expect(done.json().confirmed).toEqual({
      method: 'paypal',
      payee_name: 'Owls',
      paypal_email: 'second@owls.test',
    });
  });
});
