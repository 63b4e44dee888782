import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ledgerEntries, type TLedgerRow, tracksOfHashes } from './import-ledger.repository';
import { type FileAction, type FileStat, type LedgerEntry, needsHashing, planFile } from './import-plan';
import { type AudioFileMetadata, readAudioMetadata, UnreadableAudioError } from './metadata-reader';

export type TFileOutcome = 'created' | 'updated' | 'unchanged' | 'failed';

/** One file of a batch, ready to write: what to record in the ledger and, for new content, its track. */
export type TPreparedFile = {
  file: string;
  outcome: TFileOutcome;
  reason?: string;
  /** The ledger row to save; a written track or a copy fills its `trackId` once known. */
  ledger?: TLedgerRow;
  track?: { trackId: number | null; meta: AudioFileMetadata; src: string; cover: string | null };
  /** Same bytes as a file this batch creates a track for. */
  isCopyInBatch?: boolean;
};

export type TPrepareDeps = {
  db: Kysely<Database>;
  storeAudio: (file: string, sha: string, mime: string) => Promise<string>;
  storeCover: (data: Uint8Array | null, mime: string | undefined) => Promise<string | null>;
};

type TPlanned = { file: string; stat: FileStat; sha: string; action: FileAction; ledger: LedgerEntry | null };

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function planOne(file: string, ledger: LedgerEntry | null): Promise<TPlanned> {
  const stat = await lstat(file);
  if (stat.size === 0) throw new UnreadableAudioError('The file is empty.');
  const fileStat = { size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) };
  const sha = needsHashing(ledger, fileStat) ? await sha256Of(file) : (ledger?.sha256 as string);
  return { file, stat: fileStat, sha, action: planFile(ledger, fileStat, sha), ledger };
}

/**
 * Reads a batch of files before anything is written: two statements for the whole batch (the
 * ledger, then copies by hash), then hashing, tags and storage file by file. A file that cannot
 * be read comes back `failed` with its reason; the others are unaffected.
 */
export async function prepareFiles(deps: TPrepareDeps, files: string[]): Promise<TPreparedFile[]> {
  const ledgers = await ledgerEntries(deps.db, files);
  const planned: (TPlanned | TPreparedFile)[] = [];
  for (const file of files) {
    try {
      planned.push(await planOne(file, ledgers.get(file) ?? null));
    } catch (error) {
      planned.push({ file, outcome: 'failed', reason: reasonOf(error) });
    }
  }
  const creates = planned.filter((item): item is TPlanned => 'action' in item && item.action === 'create');
  const copies = await tracksOfHashes(
    deps.db,
    creates.map((item) => item.sha),
  );
  const createdInBatch = new Set<string>();
  const prepared: TPreparedFile[] = [];
  for (const item of planned) {
    if (!('action' in item)) {
      prepared.push(item);
      continue;
    }
    const { file, stat, sha, action, ledger } = item;
    const ledgerRow = { sourcePath: file, ...stat, sha256: sha, trackId: ledger?.trackId ?? null };
    if (action === 'skip') prepared.push({ file, outcome: 'unchanged' });
    else if (action === 'touch') prepared.push({ file, outcome: 'unchanged', ledger: ledgerRow });
    else if (action === 'create' && copies.has(sha))
      prepared.push({
        file,
        outcome: 'unchanged',
        ledger: { ...ledgerRow, trackId: copies.get(sha) as number },
      });
    else if (action === 'create' && createdInBatch.has(sha))
      prepared.push({ file, outcome: 'unchanged', ledger: ledgerRow, isCopyInBatch: true });
    else {
      try {
        const meta = await readAudioMetadata(file);
        const src = await deps.storeAudio(file, sha, meta.mime);
        const cover = await deps.storeCover(meta.coverData, meta.cover?.mime);
        prepared.push({
          file,
          outcome: action === 'create' ? 'created' : 'updated',
          ledger: ledgerRow,
          // The cover is stored: its bytes need not stay in memory while the batch fills.
          track: { trackId: ledger?.trackId ?? null, meta: { ...meta, coverData: null }, src, cover },
        });
        if (action === 'create') createdInBatch.add(sha);
      } catch (error) {
        prepared.push({ file, outcome: 'failed', reason: reasonOf(error) });
      }
    }
  }
  return prepared;
}
