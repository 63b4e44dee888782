import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ONE_MIB } from '../strategy';
import { FakeUploadServer } from '../test/fake-upload-server';
import { memoryStorage, patternBytes, recordingCallbacks, testContext } from '../test/upload-test-helpers';
import { createUploadedFile } from '../uploaded-file';
import { multipartStorageKey, S3MultipartUpload } from './s3-multipart';

const SIZE = 41 * ONE_MIB; // three parts: 20 + 20 + 1 MiB
let server: FakeUploadServer;
let bytes: Uint8Array;

beforeEach(async () => {
  server = await new FakeUploadServer().start();
  bytes ??= patternBytes(SIZE);
});
afterEach(() => server.stop());

const makeFile = () =>
  createUploadedFile(
    new File([bytes as BlobPart], 'mix.wav', { type: 'audio/wav', lastModified: 1700000000000 }),
  );

// Each case moves 41 MiB through jsdom's XMLHttpRequest: seconds of CPU on a shared two-core
// machine, so the default 20 s is not enough when the suite runs beside others.
describe('S3MultipartUpload', { timeout: 90_000 }, () => {
  it('creates, signs in one batch, uploads every part, completes and creates the entry', async () => {
    const storage = memoryStorage();
    const file = makeFile();
    const { callbacks, progress, done } = recordingCallbacks();
    await new S3MultipartUpload(
      file,
      { metadata: { trackId: 4 } },
      testContext(server.baseUrl, storage),
      callbacks,
    ).start();
    const result = await done;

    expect(result.entry).toMatchObject({ name: 'mix.wav', file_name: 'mix.wav', file_size: SIZE });
    expect(server.callsTo('/api/v1/s3/multipart/create')[0]?.body).toEqual({
      filename: 'mix.wav',
      mime: 'audio/wav',
      size: SIZE,
      extension: 'wav',
      metadata: { trackId: 4 },
      fingerprint: file.fingerprint,
    });
    const signs = server.callsTo('/api/v1/s3/multipart/batch-sign-part-urls');
    expect(signs.map((call) => (call.body as { partNumbers: number[] }).partNumbers)).toEqual([[1, 2, 3]]);
    expect(signs[0]?.body).toMatchObject({
      uploadId: 'upload-1',
      key: 'uploads/upload-1/mix.wav',
      uploadedParts: [],
    });
    expect(server.callsTo('/api/v1/s3/multipart/complete')[0]?.body).toMatchObject({
      parts: [{ PartNumber: 1 }, { PartNumber: 2 }, { PartNumber: 3 }],
    });
    expect(server.callsTo('/api/v1/s3/entries')[0]?.body).toEqual({
      metadata: { trackId: 4 },
      clientMime: 'audio/wav',
      clientName: 'mix.wav',
      filename: 'mix.wav',
      size: SIZE,
      clientExtension: 'wav',
    });
    expect(server.callsTo('/api/v1/s3/entries')[0]?.headers['x-xsrf-token']).toBe('xsrf-test');
    expect(Buffer.from(server.objects.values().next().value as Buffer).equals(Buffer.from(bytes))).toBe(true);
    expect(progress.at(-1)).toEqual({ bytesUploaded: SIZE, bytesTotal: SIZE });
    expect(storage.values.has(multipartStorageKey(file))).toBe(false);
  });

  it('resumes from saved parts without creating a new upload', async () => {
    const storage = memoryStorage();
    const file = makeFile();
    server.multiparts.set('upload-old', {
      key: 'uploads/upload-old/mix.wav',
      parts: new Map([[1, Buffer.from(bytes.subarray(0, 20 * ONE_MIB))]]),
    });
    storage.setItem(
      multipartStorageKey(file),
      JSON.stringify({ uploadId: 'upload-old', key: 'uploads/upload-old/mix.wav' }),
    );
    const { callbacks, progress, done } = recordingCallbacks();

    await new S3MultipartUpload(file, {}, testContext(server.baseUrl, storage), callbacks).start();
    const result = await done;

    expect(result.entry).toBeDefined();
    expect(server.callsTo('/api/v1/s3/multipart/create')).toHaveLength(0);
    expect(server.callsTo('/api/v1/s3/multipart/get-uploaded-parts')[0]?.body).toEqual({
      key: 'uploads/upload-old/mix.wav',
      uploadId: 'upload-old',
    });
    expect(server.partPuts).toBe(2);
    expect(server.callsTo('/api/v1/s3/multipart/batch-sign-part-urls')[0]?.body).toMatchObject({
      partNumbers: [2, 3],
      uploadedParts: [{ PartNumber: 1, Size: 20 * ONE_MIB }],
    });
    expect(progress[0]?.bytesUploaded).toBe(20 * ONE_MIB);
    expect(
      Buffer.from(server.objects.get('uploads/upload-old/mix.wav') as Buffer).equals(Buffer.from(bytes)),
    ).toBe(true);
    expect(storage.values.size).toBe(0);
  });

  it('creates a new upload when the saved one has no parts left', async () => {
    const storage = memoryStorage();
    const file = makeFile();
    storage.setItem(
      multipartStorageKey(file),
      JSON.stringify({ uploadId: 'gone', key: 'uploads/gone/mix.wav' }),
    );
    const { callbacks, done } = recordingCallbacks();
    await new S3MultipartUpload(file, {}, testContext(server.baseUrl, storage), callbacks).start();
    expect((await done).entry).toBeDefined();
    expect(server.callsTo('/api/v1/s3/multipart/create')).toHaveLength(1);
  });

  it('retries a failing part up to three times', async () => {
    server.failingParts.set(2, 3);
    const { callbacks, done } = recordingCallbacks();
    await new S3MultipartUpload(makeFile(), {}, testContext(server.baseUrl), callbacks).start();
    expect((await done).entry).toBeDefined();
    expect(server.partPuts).toBe(6);
  });

  it('aborts and reports an error when a part keeps failing', async () => {
    server.failingParts.set(3, 4);
    const storage = memoryStorage();
    const { callbacks, done } = recordingCallbacks();
    await new S3MultipartUpload(makeFile(), {}, testContext(server.baseUrl, storage), callbacks).start();
    expect(await done).toEqual({ error: null });
    expect(server.aborted).toEqual(['upload-1']);
    expect(server.callsTo('/api/v1/s3/entries')).toHaveLength(0);
    expect(storage.values.size).toBe(0);
  });

  it('reports a null error and aborts when completion fails', async () => {
    server.isCompleteBroken = true;
    const { callbacks, done } = recordingCallbacks();
    await new S3MultipartUpload(makeFile(), {}, testContext(server.baseUrl), callbacks).start();
    expect(await done).toEqual({ error: null });
    expect(server.aborted).toEqual(['upload-1']);
  });

  it('reports nothing when the user aborts, and aborts on the server', async () => {
    const { callbacks, progress } = recordingCallbacks();
    let reported = false;
    const upload = new S3MultipartUpload(makeFile(), {}, testContext(server.baseUrl), {
      ...callbacks,
      onError: () => {
        reported = true;
      },
    });
    const running = upload.start();
    await waitFor(() => progress.length > 0);
    await upload.abort();
    await running;
    expect(reported).toBe(false);
    expect(server.aborted).toEqual(['upload-1']);
    expect(server.callsTo('/api/v1/s3/multipart/complete')).toHaveLength(0);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}
