import type { Env } from '../../env';
import { createLocalDriver, localDiskRoot } from './local-driver';
import { createS3Driver, type S3Config } from './s3-driver';
import type { StorageDisk, StorageDriver } from './storage';

export type Storage = {
  /** The driver of a disk, chosen by `uploads_disk_driver` / `public_disk_driver`. */
  get: (disk: StorageDisk) => StorageDriver;
  isTusDisabled: boolean;
};

export class StorageConfigError extends Error {}

type DriverSetting = Env['UPLOADS_DISK_DRIVER'];

/** DigitalOcean Spaces and Backblaze B2 are S3-compatible endpoints with their own credentials. */
function s3Config(env: Env, driver: Exclude<DriverSetting, 'local'>): S3Config {
  if (driver === 's3') {
    if (!env.STORAGE_S3_KEY || !env.STORAGE_S3_SECRET || !env.STORAGE_S3_BUCKET) {
      throw new StorageConfigError('STORAGE_S3_KEY, STORAGE_S3_SECRET and STORAGE_S3_BUCKET are required.');
    }
    return {
      key: env.STORAGE_S3_KEY,
      secret: env.STORAGE_S3_SECRET,
      region: env.STORAGE_S3_REGION,
      bucket: env.STORAGE_S3_BUCKET,
      endpoint: env.STORAGE_S3_ENDPOINT ?? null,
      isPathStyle: env.STORAGE_S3_PATH_STYLE,
      publicBaseUrl: env.STORAGE_S3_PUBLIC_URL ?? null,
    };
  }
  const name = driver === 'digitalocean_s3' ? 'DIGITALOCEAN' : 'BACKBLAZE';
  const [key, secret, region, bucket] =
    driver === 'digitalocean_s3'
      ? [
          env.STORAGE_DIGITALOCEAN_KEY,
          env.STORAGE_DIGITALOCEAN_SECRET,
          env.STORAGE_DIGITALOCEAN_REGION,
          env.STORAGE_DIGITALOCEAN_BUCKET,
        ]
      : [
          env.STORAGE_BACKBLAZE_KEY,
          env.STORAGE_BACKBLAZE_SECRET,
          env.STORAGE_BACKBLAZE_REGION,
          env.STORAGE_BACKBLAZE_BUCKET,
        ];
  if (!key || !secret || !region || !bucket) {
    throw new StorageConfigError(`STORAGE_${name}_{KEY,SECRET,REGION,BUCKET} are required.`);
  }
  const endpoint =
    driver === 'digitalocean_s3'
      ? `https://${region}.digitaloceanspaces.com`
      : `https://s3.${region}.backblazeb2.com`;
  return { key, secret, region, bucket, endpoint, isPathStyle: false, publicBaseUrl: null };
}

/** One driver per disk for the life of the process; env-level settings change with a restart. */
export function createStorage(env: Env): Storage {
  const drivers = new Map<StorageDisk, StorageDriver>();

  function build(disk: StorageDisk): StorageDriver {
    const setting = disk === 'uploads' ? env.UPLOADS_DISK_DRIVER : env.PUBLIC_DISK_DRIVER;
    if (setting === 'local') {
      return createLocalDriver({
        root: localDiskRoot(env.DATA_DIR, disk),
        disk,
        publicBaseUrl: disk === 'public' ? `${env.APP_URL}/storage` : null,
      });
    }
    return createS3Driver({ disk, config: s3Config(env, setting) });
  }

  return {
    get(disk) {
      const existing = drivers.get(disk);
      if (existing) return existing;
      const driver = build(disk);
      drivers.set(disk, driver);
      return driver;
    },
    isTusDisabled: env.UPLOADS_DISABLE_TUS,
  };
}

/**
 * Where browsers fetch stored bytes from, or upload them to, besides the app itself: what the
 * Content-Security-Policy must allow for images, audio and direct uploads.
 */
export function storageOrigins(env: Env): string[] {
  const origins = new Set<string>();
  for (const driver of [env.UPLOADS_DISK_DRIVER, env.PUBLIC_DISK_DRIVER]) {
    if (driver === 'local') continue;
    if (driver === 'digitalocean_s3') origins.add('https://*.digitaloceanspaces.com');
    else if (driver === 'backblaze_s3') origins.add('https://*.backblazeb2.com');
    else {
      for (const url of [env.STORAGE_S3_ENDPOINT, env.STORAGE_S3_PUBLIC_URL]) {
        if (url) origins.add(new URL(url).origin);
      }
      // Virtual-hosted buckets on an endpoint: https://bucket.host.
      if (env.STORAGE_S3_ENDPOINT && !env.STORAGE_S3_PATH_STYLE) {
        const endpoint = new URL(env.STORAGE_S3_ENDPOINT);
        origins.add(`${endpoint.protocol}//*.${endpoint.host}`);
      }
      if (!env.STORAGE_S3_ENDPOINT) origins.add('https://*.amazonaws.com');
    }
  }
  return [...origins];
}
