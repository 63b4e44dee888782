import type { ColumnType } from 'kysely';

/** Column shapes every table file shares; kept apart from `schema.ts` so table files import no schema. */
/** Reads as Date and accepts Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
export type Json<T> = ColumnType<T, string, string>;
/** A jsonb column with a database default: optional on insert. */
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
