import path from 'node:path';
import { IMPORT_EXTENSIONS } from '@cadence/contracts/import';

export type LedgerEntry = { size: number; mtimeMs: number; sha256: string; trackId: number | null };
export type FileStat = { size: number; mtimeMs: number };

/** Cheap first: an unchanged size and mtime means the same file; otherwise the hash decides. */
export function needsHashing(ledger: LedgerEntry | null, stat: FileStat): boolean {
  return !ledger || ledger.size !== stat.size || Math.trunc(ledger.mtimeMs) !== Math.trunc(stat.mtimeMs);
}

export type FileAction = 'create' | 'update' | 'touch' | 'skip';

/** What to do with a file once its hash is known (or not needed). */
export function planFile(ledger: LedgerEntry | null, stat: FileStat, sha256: string | null): FileAction {
  if (!ledger) return 'create';
  if (!needsHashing(ledger, stat)) return ledger.trackId === null ? 'update' : 'skip';
  if (sha256 !== null && sha256 === ledger.sha256) return ledger.trackId === null ? 'update' : 'touch';
  return 'update';
}

export function isImportable(fileName: string): boolean {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  return (IMPORT_EXTENSIONS as readonly string[]).includes(extension);
}

/** Names compare case- and space-insensitively, so "The  Beatles" and "the beatles" are one artist. */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A title when the file has none: the file name without number prefixes and extension. */
export function titleFromFileName(fileName: string): string {
  const base = path.basename(fileName, path.extname(fileName));
  const title = base
    .replace(/^\s*\d{1,3}\s*[-._ ]\s*/, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return title || base || 'Untitled';
}
