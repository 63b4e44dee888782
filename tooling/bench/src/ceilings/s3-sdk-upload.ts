import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

/**
 * The S3 ceiling of the uploads benchmark: the same file to the same S3 peer through the AWS SDK
 * directly (`@aws-sdk/lib-storage`'s multipart Upload, the SDK the api itself loads, resolved
 * from the api's package), with the api's part size. Run pinned to the server core, where the api
 * does the same work. Prints `{"ms": ..., "bytes": ...}` from the first byte read to the
 * completed multipart upload.
 */
const [apiPackageJson, endpoint, bucket, key, file, partSizeText] = process.argv.slice(2);
if (!apiPackageJson || !endpoint || !bucket || !key || !file || !partSizeText)
  throw new Error('usage: s3-sdk-upload <api package.json> <endpoint> <bucket> <key> <file> <part size>');

// The SDK is the api's dependency, not this package's: only the shapes used here are typed.
type TClient = { destroy: () => void };
const require = createRequire(apiPackageJson);
const { S3Client } = require('@aws-sdk/client-s3') as {
  S3Client: new (config: Record<string, unknown>) => TClient;
};
const { Upload } = require('@aws-sdk/lib-storage') as {
  Upload: new (options: {
    client: TClient;
    params: Record<string, unknown>;
    partSize: number;
  }) => { done: () => Promise<unknown> };
};

// The client settings of the api's tus S3 store (apps/api/src/modules/tus/tus-store.ts).
const client = new S3Client({
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

const bytes = (await stat(file)).size;
const started = performance.now();
await new Upload({
  client,
  params: { Bucket: bucket, Key: key, Body: createReadStream(file, { highWaterMark: 1024 * 1024 }) },
  partSize: Number(partSizeText),
}).done();
const ms = performance.now() - started;
client.destroy();
process.stdout.write(`${JSON.stringify({ ms, bytes })}\n`);
