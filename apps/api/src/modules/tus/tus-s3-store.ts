import { S3Store } from '@tus/s3-store';
import { isConnectionError } from '../../platform/http/connection-errors';
import { StorageUnavailableError } from './storage-unavailable';

type TusPart = { ETag?: string; PartNumber?: number; Size?: number };
/** Servers without ListParts (s3rver, fauxqs) answer these instead of a parts list. */
const NO_LIST_PARTS = new Set(['MethodNotAllowed', 'NotImplemented']);

/**
 * The S3 store learns an upload's offset from ListParts. For S3-compatible servers that do not
 * implement it, this store also remembers the parts it sent itself (in this process) and answers
 * from that ledger; real S3 keeps using ListParts, so resuming there survives restarts.
 */
export class LedgerS3Store extends S3Store {
  private readonly ledger = new Map<string, Map<number, TusPart>>();

  // biome-ignore lint/suspicious/noExplicitAny: the store's part helpers are untyped internals
  override async uploadPart(metadata: any, readStream: any, partNumber: number): Promise<string> {
    const etag = await super.uploadPart(metadata, readStream, partNumber);
    const size = Buffer.isBuffer(readStream) ? readStream.length : Number(readStream?.bytesRead ?? 0);
    const id = String(metadata.file.id);
    const parts = this.ledger.get(id) ?? new Map<number, TusPart>();
    parts.set(partNumber, { ETag: etag, PartNumber: partNumber, Size: size });
    this.ledger.set(id, parts);
    return etag;
  }

  override async retrieveParts(id: string, partNumberMarker?: string): Promise<TusPart[]> {
    try {
      return (await super.retrieveParts(id, partNumberMarker)) as TusPart[];
    } catch (error) {
      if (!NO_LIST_PARTS.has((error as { name?: string })?.name ?? '')) throw error;
      const parts = [...(this.ledger.get(id)?.values() ?? [])];
      return parts.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
    }
  }

  /**
   * S3Store reports every failure to read an upload's metadata as "not found", which makes a
   * client give the upload up. When the bucket is unreachable, say so (503) so it retries.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the store's upload type is internal
  override async getUpload(id: string): Promise<any> {
    try {
      return await super.getUpload(id);
    } catch (error) {
      if (isConnectionError(error)) throw new StorageUnavailableError(error);
      if ((error as { status_code?: number }).status_code !== 404) throw error;
      // biome-ignore lint/suspicious/noExplicitAny: getMetadata is an untyped internal
      const cause = await (this as any).getMetadata(id).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      if (cause && isConnectionError(cause)) throw new StorageUnavailableError(cause);
      throw error;
    }
  }

  override async remove(id: string): Promise<void> {
    this.ledger.delete(id);
    await super.remove(id);
  }
}
