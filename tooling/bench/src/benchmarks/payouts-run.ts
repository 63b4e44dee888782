import { rm } from 'node:fs/promises';
import type { TBenchmark, TContext } from '../harness/benchmark';
import type { TPairedSample } from '../harness/stats';
import { apiTarget, startTarget } from '../harness/targets';
import { adminSession, seededPostgresApi } from './admin-harness';
import { psql } from './catalogue';

/**
 * Issue 39: the monthly payouts run (`POST /api/v1/admin/payouts/runs`, then its background job:
 * aggregate the period's plays and invoices, split user-centric, store every artist, track and
 * source line; timed from the POST to the run in review) over 100,000
 * subscribers and 10M plays, against a raw SQL twin running the same aggregation through psql
 * (paying subscribers with fees, capped listening per listener, track and day, track artists,
 * payable balances). Goal: ours >= 0.5x the twin, and ours <= 60 s (`absoluteGoal`).
 */
const PERIOD = '2026-08';
const START = '2026-08-01T00:00:00Z';
const END = '2026-09-01T00:00:00Z';
const SIZES = {
  full: { subscribers: 100_000, free: 50_000, plays: 10_000_000, artists: 5_000, tracks: 50_000 },
  smoke: { subscribers: 2_000, free: 1_000, plays: 50_000, artists: 200, tracks: 2_000 },
};
const ABSOLUTE_GOAL_MS = 60_000;
/** How often the run is polled until it is in review. */
const POLL_MS = 100;

async function generate(url: string, size: (typeof SIZES)['full'], log: (message: string) => void) {
  const started = performance.now();
  const users = size.subscribers + size.free;
  await psql(
    url,
    `insert into artists (name, slug, created_at, updated_at)
       select 'Bench artist ' || g, 'bench-artist-' || g, now(), now() from generate_series(1, ${size.artists}) g;
     insert into tracks (name, slug, duration, created_at, updated_at)
       select 'Bench track ' || g, 'bench-track-' || g, 180000, now(), now() from generate_series(1, ${size.tracks}) g;
     insert into artist_track (artist_id, track_id)
       select a.first + (t.id - t.first) % ${size.artists}, t.id
       from (select id, min(id) over () as first from tracks where slug like 'bench-track-%') t,
         (select min(id) as first from artists where slug like 'bench-artist-%') a;
     insert into users (name, email, created_at, updated_at)
       select 'Bench listener ' || g, 'bench-listener-' || g || '@example.com', now(), now() from generate_series(1, ${users}) g;
     insert into products (name) values ('Bench plan');
     insert into subscriptions (user_id, product_id, gateway_name, status, updated_at)
       select u.id, (select max(id) from products), 'none', 'active', now()
       from users u where u.email like 'bench-listener-%' order by u.id limit ${size.subscribers};
     insert into invoices (uuid, subscription_id, gateway_id, amount, currency, paid, period_start, period_end)
       select 'bench-' || s.id, s.id, 'bench-' || s.id, 999, 'EUR', true, '${START}', '${END}'
       from subscriptions s join users u on u.id = s.user_id where u.email like 'bench-listener-%';`,
  );
  // Plays: listeners and tracks spread by multiplicative hashing (some listeners loop a track), over the month.
  await psql(
    url,
    `insert into plays (track_id, user_id, played_at, duration_played_ms)
     select t.first + ((g * 7919) % ${size.tracks}), u.first + ((g * 104729) % ${users}),
       timestamptz '${START}' + ((g * 2654435761) % (31 * 86400)) * interval '1 second',
       30000 + (g % 150) * 1000
     from generate_series(1::bigint, ${size.plays}::bigint) g,
       (select min(id) as first from tracks where slug like 'bench-track-%') t,
       (select min(id) as first from users where email like 'bench-listener-%') u`,
  );
  await psql(url, 'vacuum analyze plays, invoices, subscriptions, users, artist_track, tracks');
  const ms = Math.round(performance.now() - started);
  log(`payouts-run: ${size.subscribers} subscribers, ${size.plays} plays generated in ${ms} ms`);
  return ms;
}

/** The twin: the run's aggregation as plain SQL (fee 2.9 % + 30, cap 20 plays per listener, track, day). */
const TWIN_SQL = `
select count(*), sum(paid), sum(fees) from (
  select subscriptions.user_id, sum(invoices.amount) as paid,
    sum(least(invoices.amount, (invoices.amount::bigint * 290) / 10000 + 30)) as fees
  from invoices join subscriptions on subscriptions.id = invoices.subscription_id
  where invoices.paid and invoices.amount > 0 and upper(invoices.currency) = 'EUR'
    and coalesce(invoices.period_start, invoices.created_at) >= '${START}'
    and coalesce(invoices.period_start, invoices.created_at) < '${END}'
  group by subscriptions.user_id) paying;
with paying as (
  select distinct subscriptions.user_id from invoices join subscriptions on subscriptions.id = invoices.subscription_id
  where invoices.paid and invoices.amount > 0 and upper(invoices.currency) = 'EUR'
    and coalesce(invoices.period_start, invoices.created_at) >= '${START}'
    and coalesce(invoices.period_start, invoices.created_at) < '${END}'
), capped as (
  select plays.user_id, plays.track_id, plays.duration_played_ms,
    row_number() over (partition by coalesce(plays.user_id::text, plays.listener_hash, plays.id::text), plays.track_id,
      (plays.played_at at time zone 'UTC')::date order by plays.id) as n
  from plays left join users on users.id = plays.user_id
  where plays.played_at >= '${START}' and plays.played_at < '${END}'
    and (plays.user_id is null or users.banned_at is null)
)
select count(*), sum(ms) from (
  select case when capped.user_id in (select user_id from paying) then capped.user_id end as user_id,
    capped.track_id, sum(capped.duration_played_ms) as ms
  from capped where capped.n <= 20 group by 1, 2) listening;
select count(*) from artist_track;
`;

async function timed(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

export const payoutsRun: TBenchmark = {
  name: 'payouts-run',
  expectedSeconds: { full: 900, smoke: 60 },
  unit: 'ms',
  direction: 'ceiling-over-ours',
  goalRatio: 0.5,
  goalWords: `a monthly payouts run (POST /api/v1/admin/payouts/runs until the run is in review) >= 0.5x a raw SQL twin of its aggregation; absolute goal <= ${ABSOLUTE_GOAL_MS / 1000} s (see details)`,
  async run(context: TContext) {
    const size = context.mode.name === 'smoke' ? SIZES.smoke : SIZES.full;
    const { dataDir, database } = await seededPostgresApi(context);
    try {
      const loadMs = await generate(database.url, size, context.log);
      const api = await startTarget(apiTarget(dataDir, database.url), context.pinning);
      const samples: TPairedSample[] = [];
      const oursMs: number[] = [];
      let artists = 0;
      try {
        const headers = await adminSession(database.url, api.spec.env.ADMIN_EMAIL as string);
        // The run answers 202 at once and computes in a background job: a run's time is from the
        // POST to the run in review, polled (the poll's step is the figure's resolution).
        const runOnce = async () => {
          const response = await fetch(`${api.baseUrl}/api/v1/admin/payouts/runs`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ period: PERIOD, currency: 'EUR' }),
          });
          const body = await response.text();
          if (response.status !== 202)
            throw new Error(`payouts run answered ${response.status}: ${body.slice(0, 300)}`);
          const runId = (JSON.parse(body) as { run: { id: number } }).run.id;
          for (;;) {
            const polled = await fetch(`${api.baseUrl}/api/v1/admin/payouts/runs/${runId}`, { headers });
            const text = await polled.text();
            if (polled.status !== 200)
              throw new Error(`payouts run ${runId} answered ${polled.status}: ${text.slice(0, 300)}`);
            const { run } = JSON.parse(text) as { run: { status: string; failure: string | null } };
            if (run.status === 'review') return;
            if (run.status !== 'computing')
              throw new Error(`payouts run ${runId} ${run.status}: ${run.failure}`);
            await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          }
        };
        const reset = () => psql(database.url, 'delete from payout_runs');
        // Warm-up: one run (plans, caches), then removed: a run of a period exists once.
        await runOnce();
        artists = Number(await psql(database.url, 'select count(*) from payout_artists'));
        if (artists === 0) throw new Error('payouts-run: the run credited no artist');
        await reset();
        for (let round = 0; round < context.mode.rounds; round += 1) {
          const ceiling = await timed(async () => {
            await psql(database.url, TWIN_SQL);
          });
          const ours = await timed(runOnce);
          await reset();
          samples.push({ ceiling, ours });
          oursMs.push(ours);
        }
      } finally {
        await api.stop();
      }
      const worst = Math.max(...oursMs);
      return {
        samples,
        details: {
          subscribers: size.subscribers,
          plays: size.plays,
          artistsCredited: artists,
          loadMs,
          oursMs: oursMs.map(Math.round),
          absoluteGoal: {
            goalMs: ABSOLUTE_GOAL_MS,
            worstMs: Math.round(worst),
            met: worst <= ABSOLUTE_GOAL_MS,
          },
        },
      };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  },
};
