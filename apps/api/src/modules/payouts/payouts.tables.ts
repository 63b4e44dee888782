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
