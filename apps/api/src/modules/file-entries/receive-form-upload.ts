import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { SNIFF_BYTES } from '../uploads/sniff-type';
import { tooLargeError } from '../uploads/upload-policy';
import { displayName } from './file-entries.service';

export type StagedFile = {
  tempPath: string;
  size: number;
  head: Buffer;
  clientName: string;
  clientMime: string;
};

/** Counts bytes, keeps the first ones for sniffing and stops the stream past the size limit. */
class SizeGuard extends Transform {
  size = 0;
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly maxSize: number | null,
    private readonly clientName: string,
  ) {
    super();
  }

  get head(): Buffer {
    return Buffer.concat(this.headChunks).subarray(0, SNIFF_BYTES);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.maxSize !== null && this.size > this.maxSize) {
      callback(tooLargeError(displayName(this.clientName), this.maxSize));
      return;
    }
    if (this.headLength < SNIFF_BYTES) {
      this.headChunks.push(chunk);
      this.headLength += chunk.length;
    }
    callback(null, chunk);
  }
}

/**
 * Streams one multipart file part to a private temp file (never into memory), because the form's
 * other fields (disk, parent) may arrive after the file and decide where it goes.
 */
export async function stageFilePart(
  part: MultipartFile,
  options: { tempDir: string; maxSize: number | null },
): Promise<StagedFile> {
  await mkdir(options.tempDir, { recursive: true });
  const tempPath = path.join(options.tempDir, randomUUID());
  const guard = new SizeGuard(options.maxSize, part.filename);
  try {
    await pipeline(part.file, guard, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    part.file.resume();
    await rm(tempPath, { force: true });
    throw error;
  }
  return {
    tempPath,
    size: guard.size,
    head: guard.head,
    clientName: part.filename || 'file',
    clientMime: part.mimetype,
  };
}
