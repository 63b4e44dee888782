import type { DataStore } from '@tus/server';
import type { Env } from '../../env';
import type { StorageDriver } from '../../platform/storage/storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TusStore = {
  datastore: DataStore;
  /** The store's id of an upload key (the uuid in the URL), or null for anything else. */
  storeId: (uploadKey: string) => string | null;
  /** Where a finished upload's bytes sit on the uploads disk. */
  diskPath: (uploadKey: string) => string;
  /** Drops the store's bookkeeping (not the bytes) once the file entry owns them. */
  forget: (uploadKey: string) => Promise<void>;
};

/**
 * Resumable uploads land where the uploads disk keeps files (`tus/<uuid>`), so finishing one
 * never copies bytes: the local disk through the file store, S3 through the S3 store. The stores
 * (and the AWS SDK) load with the first tus request, not at start.
 */
export async function createTusStore(env: Env, uploads: StorageDriver, partSize: number): Promise<TusStore> {
  const diskPath = (uploadKey: string) => `tus/${uploadKey}`;
  if (!uploads.s3) {
    const { FileStore } = await import('@tus/file-store');
    const datastore = new FileStore({ directory: `${env.DATA_DIR}/storage/uploads/tus` });
    return {
      datastore,
      storeId: (key) => (UUID.test(key) ? key : null),
      diskPath,
      forget: async (key) => datastore.configstore.delete(key),
    };
  }
  const s3 = uploads.s3;
  const { LedgerS3Store } = await import('./tus-s3-store');
  const datastore = new LedgerS3Store({
    partSize: Math.max(partSize, 5 * 1024 * 1024),
    s3ClientConfig: {
      bucket: s3.bucket,
      region: env.STORAGE_S3_REGION,
      endpoint: env.STORAGE_S3_ENDPOINT,
      forcePathStyle: env.STORAGE_S3_PATH_STYLE,
      credentials: { accessKeyId: env.STORAGE_S3_KEY ?? '', secretAccessKey: env.STORAGE_S3_SECRET ?? '' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  return {
    datastore,
    storeId: (key) => (UUID.test(key) ? s3.keyFor(diskPath(key)) : null),
    diskPath,
    forget: async (key) => {
      const { client, sdk } = await s3.connect();
      await client.send(
        new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: `${s3.keyFor(diskPath(key))}.info` }),
      );
    },
  };
}

export function isUploadKey(value: string): boolean {
  return UUID.test(value);
}
