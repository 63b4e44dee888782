import type { TAdminSort } from '@cadence/contracts/admin-catalogue';
import { AppError } from '../../platform/http/app-error';

/**
 * How one admin table sorts: the sort expression, its SQL type (the cast of a cursor key) and
 * whether it can be null (every sort of the admin tables today is NOT NULL).
 */
export type SortSpec = {
  expr: string;
  type: 'bigint' | 'timestamptz' | 'date' | 'text';
  isNullable?: boolean;
};

/** Sort keys travel as text so a timestamp keeps its microseconds (a JS Date would drop them). */
export type Cursor = { key: string | null; id: number };

export const SORT_TYPES: Record<TAdminSort, SortSpec['type']> = {
  plays: 'bigint',
  date: 'timestamptz',
  name: 'text',
};

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && Number.isSafeInteger(parsed[1])) {
      const [key, id] = parsed as [unknown, number];
      if (key === null || (typeof key === 'string' && key.length <= 300)) return { key, id };
    }
  } catch {
    // falls through to the 422 below
  }
  throw new AppError('validation', 'This page link is no longer valid.', {
    cursor: 'This page link is no longer valid.',
  });
}
