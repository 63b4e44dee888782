import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, isEmbeddedTarget, type TestApp } from '../../test/test-app';
import { actor, type Headers, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';
import { accountBalance } from './ledger.repository';
import { insertChange, markConfirmed } from './payout-details.repository';
import { payoutSettingsOf } from './payout-settings';
import { createPayoutsService } from './payouts.service';
import { insertPaidSubscriber } from './payouts.test-helper';
import { FAILURE_REASONS } from './payouts-failure';

let t: TestApp;
let admin: { id: number; headers: Headers };
const artist = { a: 0, b: 0, c: 0 };
const track = { a: 0, b: 0, c: 0 };
const invoiceOf: Record<string, number> = {};
const MINUTE = 60_000;

async function subscriber(
  name: string,
  paid: number,
  options: { isBanned?: boolean; month?: [string, string] } = {},
): Promise<number> {
  const { userId, invoiceId } = await insertPaidSubscriber(t, {
    key: name,
    amount: paid,
    isBanned: options.isBanned,
    month: options.month ?? ['2026-08-01', '2026-09-01'],
  });
  invoiceOf[name] = invoiceId;
  return userId;
}

async function plays(userId: number | null, trackId: number, count: number, day: string, ms = MINUTE) {
  await t.deps.db
    .insertInto('plays')
    .values(
      Array.from({ length: count }, (_, i) => ({
        track_id: trackId,
        user_id: userId,
        played_at: new Date(`${day}T10:${String(i % 60).padStart(2, '0')}:00Z`),
        duration_played_ms: ms,
        platform: null,
        device: null,
        browser: null,
        country: null,
        city: null,
        listener_hash: userId === null ? 'guest-1' : null,
      })),
    )
    .execute();
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

/** The run once its job is done (the POST answers while it is still computing). */
async function settled(runId: number) {
  await t.app.jobs.drain();
  return (await call('GET', `/api/v1/admin/payouts/runs/${runId}`)).json();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, ['subscriptions.update']);
  await t.app.services.settings.save({
    client: {
      payouts: {
        platform_share_percent: 30,
        provider_fee_basis_points: 0,
        provider_fee_fixed: 0,
        minimum_payout: 400,
        daily_play_cap: 3,
      },
    },
  });
  artist.a = await insertArtist(t, 'Payout Artist A');
  artist.b = await insertArtist(t, 'Payout Artist B');
  artist.c = await insertArtist(t, '=Payout, "C"');
  track.a = await insertTrack(t, { name: 'Payout A', artistId: artist.a });
  track.b = await insertTrack(t, { name: 'Payout B', artistId: artist.b });
  track.c = await insertTrack(t, { name: 'Payout C', artistId: artist.c });
  const one = await subscriber('one', 1000);
  const two = await subscriber('two', 1000);
  const banned = await subscriber('banned', 1000, { isBanned: true });
  await plays(one, track.a, 1, '2026-08-05');
  // A loop of 50 plays of one track in a day: only the cap (3) counts.
  await plays(one, track.b, 50, '2026-08-06');
  await plays(two, track.c, 1, '2026-08-07');
  await plays(banned, track.a, 40, '2026-08-08');
  await plays(null, track.c, 2, '2026-08-09');
}, 90_000);
afterAll(async () => t?.close());

describe('payouts admin: bad input', () => {
  it('refuses negative or fractional amounts and malformed periods with 422 errors', async () => {
    for (const payload of [
      { period: '2026-08', currency: 'EUR', amount: -5 },
      { period: '2026-08', currency: 'EUR', amount: 10.5 },
      { period: '2026-13', currency: 'EUR', amount: 5 },
      { period: '2026-08', currency: 'EURO', amount: 5 },
    ]) {
      const answer = await call('PUT', '/api/v1/admin/payouts/ad-revenue', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(answer.json().errors ?? {}).length).toBeGreaterThan(0);
    }
    for (const amount of [-1, 0.5, 0]) {
      const answer = await call('POST', '/api/v1/admin/payouts/refunds', {
        invoice_id: invoiceOf.one,
        amount,
      });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.amount).toBeDefined();
    }
  });

  it('refuses a run for a period not yet ended (422), and listeners without the permission (403)', async () => {
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const answer = await call('POST', '/api/v1/admin/payouts/runs', { period: current, currency: 'EUR' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.period).toEqual(['This period has not ended yet.']);
    const listener = await actor(t, []);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payouts/runs',
      headers: listener.headers,
      payload: { period: '2026-08', currency: 'EUR' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('payouts admin: a month from run to paid', () => {
  let runId = 0;

  it('starts one run of a period when two are asked at once; the other is refused', async () => {
    expect(
      (
        await call('PUT', '/api/v1/admin/payouts/ad-revenue', {
          period: '2026-08',
          currency: 'eur',
          amount: 50,
        })
      ).statusCode,
    ).toBe(200);
    const answers = await Promise.all([
      call('POST', '/api/v1/admin/payouts/runs', { period: '2026-08', currency: 'EUR' }),
      call('POST', '/api/v1/admin/payouts/runs', { period: '2026-08', currency: 'EUR' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    const started = answers.find((a) => a.statusCode === 202)?.json().run;
    // Answered at once: the job computes it after the answer.
    expect(started).toMatchObject({ status: 'computing', failure: null, money_in: 0 });
    runId = started.id as number;
    expect((await settled(runId)).run.status).toBe('review');
    expect(
      await t.deps.db.selectFrom('payout_runs').select('id').where('period', '=', '2026-08').execute(),
    ).toHaveLength(1);
  });

  it("splits each subscriber's money user-centric, caps the loop, leaves the banned account's plays out", async () => {
    const { run, artists } = await settled(runId);
    expect(run).toMatchObject({
      status: 'review',
      money_in: 3050,
      fees: 0,
      platform_share: 900,
      unallocated: 0,
    });
    const by = (id: number) => artists.find((a: { artist_id: number }) => a.artist_id === id);
    // one: 700 over A 1 min, B 3 min (50 loops capped to 3) -> 175 / 525; two: 700 to C; the banned
    // subscriber's 700 played nothing countable: the pool, pro rata A 1 : B 3 : C 1 -> 140 / 420 / 140.
    expect(by(artist.a)).toMatchObject({ plans: 315, ads: 0, payout: 0, rolled_over: 315 });
    expect(by(artist.b)).toMatchObject({ plans: 945, ads: 0, payout: 945, rolled_over: 0 });
    expect(by(artist.c)).toMatchObject({ plans: 840, ads: 50, payout: 890, rolled_over: 0 });
    // Pro rata beside it: the 2,100 pooled over A 1 : B 3 : C 1.
    expect([by(artist.a).pro_rata, by(artist.b).pro_rata, by(artist.c).pro_rata]).toEqual([420, 1260, 470]);
    const recomputing = await call('POST', `/api/v1/admin/payouts/runs/${runId}/recompute`);
    expect(recomputing.statusCode).toBe(202);
    expect(recomputing.json().run.status).toBe('computing');
    const again = await settled(runId);
    expect(again.run).toMatchObject({ status: 'review', money_in: 3050, platform_share: 900 });
    expect(again.artists).toEqual(artists);
  });

  it('closes the run into the ledger; a closed period is never recomputed nor run again', async () => {
    expect((await call('POST', `/api/v1/admin/payouts/runs/${runId}/paid`, {})).statusCode).toBe(409);
    const closed = await call('POST', `/api/v1/admin/payouts/runs/${runId}/close`);
    expect(closed.json().run.status).toBe('closed');
    expect(await accountBalance(t.deps.db, 'artist_payable', 'EUR', artist.b)).toBe(945);
    expect(await accountBalance(t.deps.db, 'platform_share', 'EUR')).toBe(900);
    expect((await call('POST', `/api/v1/admin/payouts/runs/${runId}/recompute`)).statusCode).toBe(409);
    expect(
      (await call('POST', '/api/v1/admin/payouts/runs', { period: '2026-08', currency: 'EUR' })).statusCode,
    ).toBe(409);
    expect(
      (
        await call('PUT', '/api/v1/admin/payouts/ad-revenue', {
          period: '2026-08',
          currency: 'EUR',
          amount: 1,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('exports the payout file and marks payouts paid in the ledger', async () => {
    // Artist B confirmed bank details; C's change waits for its link, so the file has none for C.
    const details = {
      method: 'bank_transfer',
      payee_name: 'B Music',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    };
    const expires_at = new Date(Date.now() + 60_000);
    const confirmedId = await insertChange(t.deps.db, {
      artist_id: artist.b,
      details: JSON.stringify(details),
      token_hash: 'hash-b',
      requested_by: admin.id,
      expires_at,
    });
    await markConfirmed(t.deps.db, confirmedId, admin.id, new Date());
    await insertChange(t.deps.db, {
      artist_id: artist.c,
      details: JSON.stringify({ method: 'paypal', payee_name: 'C', paypal_email: 'c@example.test' }),
      token_hash: 'hash-c',
      requested_by: admin.id,
      expires_at,
    });
    // The run's review shows where each payout goes, masked; C's unconfirmed change is not shown.
    const review = await call('GET', `/api/v1/admin/payouts/runs/${runId}`);
    const paidTo = Object.fromEntries(
      (review.json() as { artists: { artist_id: number; paid_to: string | null }[] }).artists.map((row) => [
        row.artist_id,
        row.paid_to,
      ]),
    );
    expect(paidTo[artist.b]).toBe('Bank transfer, IBAN ending 3000');
    expect(paidTo[artist.c]).toBeNull();
    const file = await call('GET', `/api/v1/admin/payouts/runs/${runId}/export`);
    expect(file.headers['content-type']).toContain('text/csv');
    const rows = file.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'artist_id,artist,period,currency,amount_minor,amount,paid_at,payee_name,method,iban,bic,paypal_email',
    );
    expect(rows.slice(1)).toEqual([
      `${artist.b},Payout Artist B,2026-08,EUR,945,9.45,,B Music,bank_transfer,DE89370400440532013000,COBADEFFXXX,`,
      `${artist.c},"'=Payout, ""C""",2026-08,EUR,890,8.90,,,,,,`,
    ]);
    const paid = await call('POST', `/api/v1/admin/payouts/runs/${runId}/paid`, {});
    expect(paid.json()).toEqual({ paid: 2, amount: 1835 });
    expect(await accountBalance(t.deps.db, 'artist_payable', 'EUR', artist.b)).toBe(0);
    expect(await accountBalance(t.deps.db, 'artist_payable', 'EUR', artist.a)).toBe(315);
    expect((await call('POST', `/api/v1/admin/payouts/runs/${runId}/paid`, {})).json()).toEqual({
      paid: 0,
      amount: 0,
    });
  });

  it('records who started, recomputed, closed, exported and paid the run in the audit log', async () => {
    const rows = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'ip_address'])
      .where('subject_type', '=', 'payout_run')
      .where('subject_id', '=', String(runId))
      .orderBy('id')
      .execute();
    // The refused second start and the refused recompute of the closed run left no row.
    expect(rows.map((row) => row.action)).toEqual([
      'payouts.run.start',
      'payouts.run.recompute',
      'payouts.run.close',
      'payouts.run.export',
      'payouts.run.paid',
      'payouts.run.paid',
    ]);
    expect(new Set(rows.map((row) => row.actor_id))).toEqual(new Set([admin.id]));
    expect(rows.every((row) => row.ip_address !== null)).toBe(true);
    // The export's row counts the file's lines; the bank details stay out of the log.
    const exported = await t.deps.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'payouts.run.export')
      .where('subject_id', '=', String(runId))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(exported.after)).not.toContain('DE89370400440532013000');
    expect(exported.after).toMatchObject({ period: '2026-08', currency: 'EUR', rows: 2 });
  });

  it('turns a refund after close into an adjustment of the next period', async () => {
    const refund = await call('POST', '/api/v1/admin/payouts/refunds', {
      invoice_id: invoiceOf.two,
      amount: 1000,
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json()).toMatchObject({ period: '2026-08', adjustment_period: '2026-09' });
    expect(
      (await call('POST', '/api/v1/admin/payouts/refunds', { invoice_id: invoiceOf.two, amount: 1000 }))
        .statusCode,
    ).toBe(409);
    const next = await call('POST', '/api/v1/admin/payouts/runs', { period: '2026-09', currency: 'EUR' });
    expect(next.statusCode).toBe(202);
    const { run: nextRun, artists } = await settled(next.json().run.id);
    expect(nextRun).toMatchObject({ status: 'review', refunds: 1000, money_in: 0 });
    const c = artists.find((a: { artist_id: number }) => a.artist_id === artist.c);
    // Subscriber two's 700 had gone to C: taken back (C was paid, so C now owes it).
    expect(c).toMatchObject({ adjustments: -700, carried_in: 0, payout: 0, rolled_over: -700 });
    expect(artists.find((a: { artist_id: number }) => a.artist_id === artist.a)).toMatchObject({
      carried_in: 315,
      payout: 0,
    });
    expect((await call('POST', `/api/v1/admin/payouts/runs/${next.json().run.id}/close`)).statusCode).toBe(
      200,
    );
    expect(await accountBalance(t.deps.db, 'artist_payable', 'EUR', artist.c)).toBe(-700);
    expect(await accountBalance(t.deps.db, 'platform_share', 'EUR')).toBe(600);
  });

  it("shows an artist's managers their earnings per month, track and source, and nobody else", async () => {
    const manager = await actor(t, []);
    await t.deps.db.insertInto('user_artist').values({ user_id: manager.id, artist_id: artist.c }).execute();
    const url = `/api/v1/artists/${artist.c}/earnings`;
    const answer = await t.app.inject({ url, headers: manager.headers });
    expect(answer.statusCode).toBe(200);
    const earnings = answer.json();
    expect(earnings.balances).toEqual([{ currency: 'EUR', balance: -700 }]);
    expect(
      earnings.months.map((m: { period: string; earned: number; payout: number }) => [
        m.period,
        m.earned,
        m.payout,
      ]),
    ).toEqual([
      ['2026-09', -700, 0],
      ['2026-08', 890, 890],
    ]);
    expect(earnings.tracks.filter((line: { period: string }) => line.period === '2026-08')).toEqual([
      {
        period: '2026-08',
        currency: 'EUR',
        track_id: track.c,
        track_name: 'Payout C',
        source: 'plans',
        amount: 840,
      },
      {
        period: '2026-08',
        currency: 'EUR',
        track_id: track.c,
        track_name: 'Payout C',
        source: 'ads',
        amount: 50,
      },
    ]);
    const stranger = await actor(t, []);
    expect((await t.app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('leaves an account refunded while its period is open out of that period (money and plays)', async () => {
    const three = await subscriber('three', 1000, { month: ['2026-10-01', '2026-11-01'] });
    await plays(three, track.b, 2, '2026-10-05');
    const started = await call('POST', '/api/v1/admin/payouts/runs', { period: '2026-10', currency: 'EUR' });
    expect(started.statusCode).toBe(202);
    const runId = started.json().run.id as number;
    const before = await settled(runId);
    expect(before.run).toMatchObject({ money_in: 1000, platform_share: 300 });
    expect(before.artists.find((a: { artist_id: number }) => a.artist_id === artist.b).plans).toBe(700);

    const refund = await call('POST', '/api/v1/admin/payouts/refunds', {
      invoice_id: invoiceOf.three,
      amount: 400,
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json()).toMatchObject({ period: '2026-10', adjustment_period: null });
    expect((await call('POST', `/api/v1/admin/payouts/runs/${runId}/recompute`)).statusCode).toBe(202);
    const after = await settled(runId);
    expect(after.run).toMatchObject({ status: 'review', money_in: 0, platform_share: 0, refunds: 0 });
    expect(after.artists.every((a: { plans: number; ads: number }) => a.plans === 0 && a.ads === 0)).toBe(
      true,
    );
  });
});

describe('payouts admin: the run job fails, or its process dies', () => {
  const runOf = async (period: string, currency: string) =>
    t.deps.db
      .selectFrom('payout_runs')
      .select(['id', 'status', 'failure', 'interruptions'])
      .where('period', '=', period)
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow();

  /** A restarted server: a new app on the same database runs its start-up (then its jobs). */
  async function restart() {
    const again = await buildApp(t.deps);
    await again.ready();
    await again.jobs.drain();
    await again.close();
  }

  it('marks a run whose job failed failed, with the reason; a retry brings it to review', async () => {
    // The database refuses the job's result (a stand-in for a full disk or a cancelled statement).
    await sql`create function payouts_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full'; end $$`.execute(t.deps.db);
    await sql`create trigger payouts_test_refuse before update on payout_runs for each row
      when (new.status = 'review' and new.currency = 'GBP') execute function payouts_test_refuse()`.execute(
      t.deps.db,
    );
    const started = await call('POST', '/api/v1/admin/payouts/runs', { period: '2026-08', currency: 'GBP' });
    expect(started.statusCode).toBe(202);
    const runId = started.json().run.id as number;
    const failed = await settled(runId);
    // A readable reason; the database's own words stay in the server log.
    expect(failed.run).toMatchObject({ status: 'failed', failure: FAILURE_REASONS.unexpected });
    const listed = await call('GET', '/api/v1/admin/payouts/runs');
    expect(listed.body).not.toContain('disk is full');
    expect((await call('GET', '/api/v1/admin/payouts/runs')).json().runs).toContainEqual(
      expect.objectContaining({ id: runId, status: 'failed' }),
    );
    expect((await call('POST', `/api/v1/admin/payouts/runs/${runId}/close`)).statusCode).toBe(409);
    // The period keeps its one run: a second start is refused, the retry is a recompute.
    expect(
      (await call('POST', '/api/v1/admin/payouts/runs', { period: '2026-08', currency: 'GBP' })).statusCode,
    ).toBe(409);

    await sql`drop trigger payouts_test_refuse on payout_runs`.execute(t.deps.db);
    await sql`drop function payouts_test_refuse()`.execute(t.deps.db);
    const retry = await call('POST', `/api/v1/admin/payouts/runs/${runId}/recompute`);
    expect(retry.statusCode).toBe(202);
    expect(retry.json().run).toMatchObject({ status: 'computing', failure: null });
    expect((await settled(runId)).run).toMatchObject({ status: 'review', failure: null });
    // The admin's retry is audited as one, with what it retried.
    const retried = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_id', 'before'])
      .where('action', '=', 'payouts.run.retry')
      .where('subject_id', '=', String(runId))
      .execute();
    expect(retried).toEqual([
      { actor_id: admin.id, before: { status: 'failed', failure: FAILURE_REASONS.unexpected } },
    ]);
  });

  describe('a transient failure is tried again, a deterministic one is not', () => {
    /**
     * The job's service with no wait between attempts; `retried` lists each retry. The database
     * refuses the run's result of `currency` with `errcode` the first `times` times (a sequence
     * counts them: it is not rolled back with the failed transaction).
     */
    async function refuse(currency: string, errcode: string, times: number) {
      await sql`create sequence if not exists payouts_test_attempts`.execute(t.deps.db);
      await sql`select setval('payouts_test_attempts', 1, false)`.execute(t.deps.db);
      await sql
        .raw(`create or replace function payouts_test_flaky() returns trigger language plpgsql as $$
        begin
          if nextval('payouts_test_attempts') <= ${times} then
            raise exception 'could not serialize access due to concurrent update' using errcode = '${errcode}';
          end if;
          return new;
        end $$`)
        .execute(t.deps.db);
      await sql
        .raw(`create trigger payouts_test_flaky before update on payout_runs for each row
        when (new.status = 'review' and new.currency = '${currency}') execute function payouts_test_flaky()`)
        .execute(t.deps.db);
    }
    async function unrefuse() {
      await sql`drop trigger payouts_test_flaky on payout_runs`.execute(t.deps.db);
      await sql`drop function payouts_test_flaky()`.execute(t.deps.db);
    }
    function service() {
      const retried: number[] = [];
      const payouts = createPayoutsService(t.deps.db, payoutSettingsOf(t.app.services.settings), undefined, {
        retryDelaysMs: [0, 0],
        onRetry: ({ attempt }) => retried.push(attempt),
      });
      return { payouts, retried };
    }

    it('retries a serialization failure and ends in review', async () => {
      await refuse('NOK', '40001', 1);
      try {
        const { payouts, retried } = service();
        const run = await payouts.start({ period: '2026-08', currency: 'NOK' }, { actorId: admin.id });
        expect(await payouts.computeRun(run.id)).toEqual({ outcome: 'review', attempts: 2 });
        expect(retried).toEqual([1]);
        expect(await runOf('2026-08', 'NOK')).toMatchObject({ status: 'review', failure: null });
      } finally {
        await unrefuse();
      }
    });

    it('gives up after its retries with a readable reason', async () => {
      await refuse('DKK', '40001', 99);
      try {
        const { payouts, retried } = service();
        const run = await payouts.start({ period: '2026-08', currency: 'DKK' }, { actorId: admin.id });
        expect(await payouts.computeRun(run.id)).toMatchObject({
          outcome: 'failed',
          attempts: 3,
          failure: FAILURE_REASONS.conflict,
        });
        expect(retried).toEqual([1, 2]);
        const answer = await call('GET', `/api/v1/admin/payouts/runs/${run.id}`);
        expect(answer.json().run).toMatchObject({ status: 'failed', failure: FAILURE_REASONS.conflict });
        expect(answer.body).not.toContain('serialize');
      } finally {
        await unrefuse();
      }
    });

    it('does not retry a deterministic failure', async () => {
      await refuse('PLN', '23514', 99);
      try {
        const { payouts, retried } = service();
        const run = await payouts.start({ period: '2026-08', currency: 'PLN' }, { actorId: admin.id });
        expect(await payouts.computeRun(run.id)).toMatchObject({
          outcome: 'failed',
          attempts: 1,
          failure: FAILURE_REASONS.unexpected,
        });
        expect(retried).toEqual([]);
      } finally {
        await unrefuse();
      }
    });
  });

  it('computes again at start-up a run its dead process left computing', async () => {
    // The process died after the run was stored and before its job finished: no job is queued.
    const started = await call('POST', '/api/v1/admin/payouts/runs', { period: '2026-08', currency: 'CHF' });
    const runId = started.json().run.id as number;
    await t.app.jobs.drain();
    await t.deps.db.updateTable('payout_runs').set({ status: 'computing' }).where('id', '=', runId).execute();
    // Neither recomputed nor closed while it computes (its job, or the start-up's recovery, owns it).
    expect((await call('POST', `/api/v1/admin/payouts/runs/${runId}/recompute`)).statusCode).toBe(409);
    expect((await call('POST', `/api/v1/admin/payouts/runs/${runId}/close`)).statusCode).toBe(409);

    await restart();
    expect(await runOf('2026-08', 'CHF')).toMatchObject({
      status: 'review',
      interruptions: 1,
      failure: null,
    });
  });

  it('gives up on a run interrupted three times: failed, for the admin to retry', async () => {
    const started = await call('POST', '/api/v1/admin/payouts/runs', { period: '2026-08', currency: 'SEK' });
    const runId = started.json().run.id as number;
    await t.app.jobs.drain();
    await t.deps.db
      .updateTable('payout_runs')
      .set({ status: 'computing', interruptions: 2 })
      .where('id', '=', runId)
      .execute();

    await restart();
    expect(await runOf('2026-08', 'SEK')).toMatchObject({
      status: 'failed',
      interruptions: 3,
      failure: FAILURE_REASONS.interrupted,
    });
    expect((await call('POST', `/api/v1/admin/payouts/runs/${runId}/recompute`)).statusCode).toBe(202);
    expect((await settled(runId)).run.status).toBe('review');
    expect((await runOf('2026-08', 'SEK')).interruptions).toBe(0);
  });

  // PGlite has one connection: a job's transaction there leaves no room for a request beside it.
  it.skipIf(isEmbeddedTarget)(
    'refuses at once the recompute or close of a run its job holds (no wait on its row)',
    async () => {
      const started = await call('POST', '/api/v1/admin/payouts/runs', {
        period: '2026-08',
        currency: 'CZK',
      });
      const runId = started.json().run.id as number;
      await t.app.jobs.drain();
      await t.deps.db
        .updateTable('payout_runs')
        .set({ status: 'computing' })
        .where('id', '=', runId)
        .execute();
      // A job's transaction holds the run's row (as computeRun does, for minutes at full size).
      await t.deps.db.transaction().execute(async (trx) => {
        await trx.selectFrom('payout_runs').select('id').where('id', '=', runId).forUpdate().execute();
        const answer = await call('POST', `/api/v1/admin/payouts/runs/${runId}/recompute`);
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toBe('This run is being computed.');
        expect((await call('POST', `/api/v1/admin/payouts/runs/${runId}/close`)).statusCode).toBe(409);
      });
      await t.deps.db.updateTable('payout_runs').set({ status: 'review' }).where('id', '=', runId).execute();
    },
  );
});
