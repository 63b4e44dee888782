import { AppError } from '../http/app-error';

/**
 * A position in a sorted list: the last row's sort key and id. Keys travel as text so a
 * timestamp keeps its microseconds (a JS Date would drop them); the SQL casts them back.
 */
export type Cursor = { key: string | null; id: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

/** The cursor of a page link, or a 422 on the field when it was tampered with or is stale. */
export function decodeCursor(value: string | undefined, field = 'cursor'): Cursor | null {
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
    [field]: 'This page link is no longer valid.',
  });
}
