import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/** Per closed month: the artist's totals. */
export async function earningsByMonth(db: Db, artistId: number) {
  const { rows } = await sql<{
    period: string;
    currency: string;
    plans: string;
    ads: string;
    adjustments: string;
    earned: string;
    payout: string;
    rolled_over: string;
    pro_rata: string;
    paid_at: Date | null;
  }>`
    select payout_runs.period, payout_runs.currency, pa.plans::text, pa.ads::text, pa.adjustments::text,
      pa.earned::text, pa.payout::text, pa.rolled_over::text, pa.pro_rata::text, pa.paid_at
    from payout_artists pa join payout_runs on payout_runs.id = pa.run_id
    where pa.artist_id = ${artistId} and payout_runs.status = 'closed'
    order by payout_runs.period desc, payout_runs.currency`.execute(db);
  return rows;
}

/** Per closed month, track and source. */
export async function earningsByTrack(db: Db, artistId: number) {
  const { rows } = await sql<{
    period: string;
    currency: string;
    track_id: number;
    track_name: string;
    source: 'plans' | 'ads' | 'adjustments';
    amount: string;
  }>`
    select payout_runs.period, payout_runs.currency, pl.track_id, coalesce(tracks.name, '') as track_name,
      pl.source, pl.amount::text
    from payout_lines pl
    join payout_runs on payout_runs.id = pl.run_id
    left join tracks on tracks.id = pl.track_id
    where pl.artist_id = ${artistId} and payout_runs.status = 'closed'
    order by payout_runs.period desc, payout_runs.currency, pl.amount desc, pl.track_id, pl.source`.execute(
    db,
  );
  return rows;
}

export async function payableBalances(db: Db, artistId: number) {
  const { rows } = await sql<{ currency: string; balance: string }>`
    select ledger_accounts.currency, coalesce(sum(ledger_entries.credit - ledger_entries.debit), 0)::text as balance
    from ledger_accounts left join ledger_entries on ledger_entries.account_id = ledger_accounts.id
    where ledger_accounts.kind = 'artist_payable' and ledger_accounts.artist_id = ${artistId}
    group by ledger_accounts.currency order by ledger_accounts.currency`.execute(db);
  return rows;
}
