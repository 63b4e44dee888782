import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeUploadServer } from '../test/fake-upload-server';
import { patternBytes, recordingCallbacks, testContext } from '../test/upload-test-helpers';
import { createUploadedFile } from '../uploaded-file';
import { S3SimpleUpload } from './s3-simple';

let server: FakeUploadServer;
beforeEach(async () => {
  server = await new FakeUploadServer().start();
});
afterEach(() => server.stop());

it('presigns, PUTs the bytes with content type and acl, then registers the entry', async () => {
  const bytes = patternBytes(500_000);
  const file = createUploadedFile(new File([bytes as BlobPart], 'art.jpg', { type: 'image/jpeg' }));
  const { callbacks, done } = recordingCallbacks();
  await new S3SimpleUpload(
    file,
    { disk: 'public', metadata: { albumId: 3 } },
    testContext(server.baseUrl),
    callbacks,
  ).start();
  const result = await done;

  expect(server.callsTo('/api/v1/s3/simple/presign')[0]?.body).toEqual({
    filename: 'art.jpg',
    mime: 'image/jpeg',
    disk: 'public',
    size: bytes.length,
    extension: 'jpg',
    metadata: { albumId: 3, disk: 'public' },
  });
  expect(server.simplePuts[0]?.headers).toMatchObject({
    'content-type': 'image/jpeg',
    'x-amz-acl': 'private',
  });
  expect(
    Buffer.from(server.objects.get('uploads/simple-1/art.jpg') as Buffer).equals(Buffer.from(bytes)),
  ).toBe(true);
  expect(server.callsTo('/api/v1/s3/entries')[0]?.body).toMatchObject({
    filename: 'art.jpg',
    clientName: 'art.jpg',
  });
  expect(result.entry).toMatchObject({ name: 'art.jpg', file_size: bytes.length });
});
