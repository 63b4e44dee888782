import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeUploadServer } from '../test/fake-upload-server';
import { patternBytes, recordingCallbacks, testContext } from '../test/upload-test-helpers';
import { createUploadedFile } from '../uploaded-file';
import { FormUpload } from './form-upload';

let server: FakeUploadServer;
beforeEach(async () => {
  server = await new FakeUploadServer().start();
});
afterEach(() => server.stop());

const bytes = patternBytes(300_000);
const makeFile = () => createUploadedFile(new File([bytes as BlobPart], 'cover.PNG', { type: 'image/png' }));

describe('FormUpload', () => {
  it('posts the file with its fields and reports the entry', async () => {
    const { callbacks, progress, done } = recordingCallbacks();
    await new FormUpload(
      makeFile(),
      { metadata: { diskPrefix: 'covers' }, disk: 'public' },
      testContext(server.baseUrl),
      callbacks,
    ).start();
    const result = await done;

    expect(result.entry).toMatchObject({ name: 'cover.PNG', file_size: bytes.length });
    const call = server.callsTo('/api/v1/file-entries')[0];
    expect(call?.body).toEqual({
      clientMime: 'image/png',
      clientExtension: 'png',
      metadata: '{"diskPrefix":"covers","disk":"public"}',
    });
    expect(call?.headers['x-xsrf-token']).toBe('xsrf-test');
    expect(Buffer.from(server.objects.get('cover.PNG') as Buffer).equals(Buffer.from(bytes))).toBe(true);
    expect(progress.at(-1)).toEqual({ bytesUploaded: bytes.length, bytesTotal: bytes.length });
  });

  it('reports the server message of a failed upload', async () => {
    server.formStatus = 422;
    const { callbacks, done } = recordingCallbacks();
    await new FormUpload(makeFile(), {}, testContext(server.baseUrl), callbacks).start();
    expect(await done).toEqual({ error: 'The file is too large.' });
  });

  it('reports nothing once aborted', async () => {
    const { callbacks } = recordingCallbacks();
    let isReported = false;
    const upload = new FormUpload(makeFile(), {}, testContext(server.baseUrl), {
      ...callbacks,
      onError: () => {
        isReported = true;
      },
      onSuccess: () => {
        isReported = true;
      },
    });
    const running = upload.start();
    upload.abort();
    await running;
    expect(isReported).toBe(false);
  });
});
