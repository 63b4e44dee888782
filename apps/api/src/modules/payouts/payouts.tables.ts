import type { ColumnType, Generated } from 'kysely';

export type TLedgerAccountKind =
  | 'platform_revenue'
  | 'provider_fees'
  | 'platform_share'
  | 'ad_revenue'
  | 'artist_payable'
  | 'payouts';

export interface LedgerAccountsTable {
  id: Generated<number>;
  kind: TLedgerAccountKind;
  /** Set exactly for `artist_payable`. */
  artist_id: number | null;
  currency: string;
}

/** Append-only (triggers refuse UPDATE, DELETE, TRUNCATE); a transaction's sides balance at commit. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: string;
  account_id: number;
  /** Integer minor units; exactly one of debit and credit is positive. */
  debit: ColumnType<number, number | undefined, never>;
  credit: ColumnType<number, number | undefined, never>;
  currency: string;
  period: string;
  memo: Generated<string>;
  reverses_id: number | null;
  created_at: Generated<Date>;
}

declare module '../../platform/db/schema' {
  interface Database {
    ledger_accounts: LedgerAccountsTable;
    ledger_entries: LedgerEntriesTable;
  }
}

type Money = ColumnType<number, number, number>;

export type TPayoutRunStatus = 'computing' | 'review' | 'failed' | 'closed';

export interface PayoutRunsTable {
  id: Generated<number>;
  period: string;
  currency: string;
  /** `computing` while its job runs; `failed` (with `failure`) when the job could not finish. */
  status: ColumnType<TPayoutRunStatus, TPayoutRunStatus | undefined, TPayoutRunStatus>;
  /** JSON of the settings the run used (share, fees, cap, minimum): the same inputs, the same result. */
  settings: string;
  money_in: Money;
  fees: Money;
  platform_share: Money;
  unallocated: Money;
  /** Refunds of closed periods adjusted in this one. */
  refunds: ColumnType<number, number | undefined, number>;
  refund_fees: ColumnType<number, number | undefined, number>;
  refund_platform_share: ColumnType<number, number | undefined, number>;
  started_by: number | null;
  created_at: Generated<Date>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why the last computation failed, in words the admin reads; null otherwise. */
  failure: ColumnType<string | null, string | null | undefined, string | null>;
  /** Start-ups that found the run still computing (its process died): retried up to a limit. */
  interruptions: ColumnType<number, number | undefined, number>;
}

export interface PayoutArtistsTable {
  run_id: number;
  artist_id: number;
  plans: Money;
  ads: Money;
  /** Refund clawbacks (zero or negative). */
  adjustments: ColumnType<number, number | undefined, number>;
  earned: Money;
  carried_in: Money;
  payable: Money;
  payout: Money;
  rolled_over: Money;
  pro_rata: Money;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface PayoutLinesTable {
  run_id: number;
  artist_id: number;
  track_id: number;
  source: 'plans' | 'ads' | 'adjustments';
  amount: Money;
}

export interface PayoutAdRevenueTable {
  period: string;
  currency: string;
  amount: Money;
  updated_at: Generated<Date>;
}

export interface PayoutRefundsTable {
  invoice_id: number;
  amount: Money;
  period: string;
  adjustment_period: string | null;
  created_at: Generated<Date>;
}

declare module '../../platform/db/schema' {
  interface Database {
    payout_runs: PayoutRunsTable;
    payout_artists: PayoutArtistsTable;
    payout_lines: PayoutLinesTable;
    payout_ad_revenue: PayoutAdRevenueTable;
    payout_refunds: PayoutRefundsTable;
  }
}

/** A change of an artist's payout details; in effect once confirmed through its emailed link. */
export interface PayoutDetailChangesTable {
  id: Generated<number>;
  artist_id: number;
  /** JSON of the contract's normalised details. */
  details: string;
  token_hash: string;
  requested_by: number | null;
  created_at: Generated<Date>;
  expires_at: ColumnType<Date, Date, Date>;
  confirmed_by: number | null;
  confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

declare module '../../platform/db/schema' {
  interface Database {
    payout_detail_changes: PayoutDetailChangesTable;
  }
}
