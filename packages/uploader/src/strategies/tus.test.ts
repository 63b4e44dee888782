import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeUploadServer } from '../test/fake-upload-server';
import { LOCAL_SETTINGS, patternBytes, recordingCallbacks, testContext } from '../test/upload-test-helpers';
import { createUploadedFile } from '../uploaded-file';
import { TusUpload, tusErrorMessage } from './tus';

const CHUNK = 2 * 1024 * 1024;
const bytes = patternBytes(6 * 1024 * 1024 + 123);
let server: FakeUploadServer;

beforeEach(async () => {
  localStorage.clear();
  server = await new FakeUploadServer().start();
});
afterEach(() => server.stop());

const makeFile = () =>
  createUploadedFile(new File([bytes as BlobPart], 'Take 1.flac', { type: 'audio/flac', lastModified: 5 }));
const context = () => testContext(server.baseUrl, undefined, { ...LOCAL_SETTINGS, chunk_size: CHUNK });

describe('TusUpload', () => {
  it('uploads in chunks with the spec metadata and the anti-forgery header, then creates the entry', async () => {
    const { callbacks, progress, done } = recordingCallbacks();
    const upload = new TusUpload(makeFile(), { metadata: { trackId: 9 } }, context(), callbacks);
    await upload.start();
    const result = await done;

    expect(result.entry).toMatchObject({ name: 'Take 1.flac', file_size: bytes.length });
    const [key, created] = [...server.tusUploads.entries()][0] ?? [];
    expect(created?.metadata).toEqual({
      trackId: '9',
      name: 'Take 1.flac',
      clientName: 'Take 1.flac',
      clientExtension: 'flac',
      clientMime: 'audio/flac',
      clientSize: String(bytes.length),
      // Added by @uppy/tus for tus servers that look for it.
      filename: 'Take 1.flac',
    });
    const patches = server.tusRequests.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.body)).toEqual([CHUNK, CHUNK, CHUNK, 123]);
    expect(server.tusRequests.every((call) => call.headers['x-xsrf-token'] === 'xsrf-test')).toBe(true);
    expect(server.callsTo('/api/v1/tus/entries')[0]?.body).toEqual({ uploadKey: key });
    expect(Buffer.from(server.objects.get(key as string) as Buffer).equals(Buffer.from(bytes))).toBe(true);
    expect(progress.at(-1)?.bytesUploaded).toBe(bytes.length);
  });

  it('reports the message of the server response body', async () => {
    server.tusPatchFailure = { status: 413, body: JSON.stringify({ message: 'You have no space left.' }) };
    const { callbacks, done } = recordingCallbacks();
    await new TusUpload(makeFile(), {}, context(), callbacks).start();
    expect(await done).toEqual({ error: 'You have no space left.' });
  });
});

it('reads the error message from the xhr or the tus error, else null', () => {
  expect(tusErrorMessage(null, { body: { xhr: { responseText: '{"message":"Nope"}' } } })).toBe('Nope');
  expect(tusErrorMessage({ originalResponse: { getBody: () => '{"message":"Later"}' } }, undefined)).toBe(
    'Later',
  );
  expect(tusErrorMessage(new Error('offline'), undefined)).toBeNull();
});
