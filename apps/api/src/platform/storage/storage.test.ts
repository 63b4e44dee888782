import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { createStorage } from './get-storage';
import { createLocalDriver } from './local-driver';
import {
  isSafeStoragePath,
  type StorageDriver,
  StorageNotFoundError,
  UnsafeStoragePathError,
} from './storage';
import { type S3Peer, startS3Peer } from './testing/s3-peer';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function driverContract(name: string, open: () => StorageDriver) {
  describe(`${name} driver`, () => {
    it('streams a put, reads whole files and inclusive ranges, stats and deletes', async () => {
      const driver = open();
      const bytes = randomBytes(6 * 1024 * 1024 + 17);
      const stored = await driver.put(
        'a1/b2.bin',
        Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
        {
          mime: 'application/octet-stream',
        },
      );
      expect(stored.size).toBe(bytes.length);
      expect(sha256(await readAll(await driver.createReadStream('a1/b2.bin')))).toBe(sha256(bytes));
      const range = await readAll(await driver.createReadStream('a1/b2.bin', { start: 10, end: 19 }));
      expect(range.equals(bytes.subarray(10, 20))).toBe(true);
      expect((await driver.stat('a1/b2.bin'))?.size).toBe(bytes.length);
      expect(await driver.exists('a1/b2.bin')).toBe(true);
      await driver.delete('a1/b2.bin');
      expect(await driver.exists('a1/b2.bin')).toBe(false);
      expect(await driver.stat('a1/b2.bin')).toBeNull();
      await expect(driver.createReadStream('a1/b2.bin')).rejects.toBeInstanceOf(StorageNotFoundError);
      await driver.delete('a1/b2.bin');
    });

    it('refuses traversal and absolute paths before touching the store', async () => {
      const driver = open();
      for (const bad of [
        '../x',
        'a/../../x',
        '/etc/passwd',
        'a\\..\\x',
        '',
        '.',
        'a//b',
        '..',
        'a/.hidden',
      ]) {
        await expect(driver.put(bad, Buffer.from('x'), { mime: 'text/plain' })).rejects.toBeInstanceOf(
          UnsafeStoragePathError,
        );
        await expect(driver.exists(bad)).rejects.toBeInstanceOf(UnsafeStoragePathError);
      }
    });
  });
}

describe('storage paths', () => {
  it('a safe path always resolves inside the root', () => {
    const root = path.resolve('/srv/storage/uploads');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '.', '/', '\\', '-', '_', '0', '~') }),
        (candidate) => {
          if (!isSafeStoragePath(candidate)) return;
          expect(path.resolve(root, candidate).startsWith(root + path.sep)).toBe(true);
        },
      ),
    );
  });
});

let localRoot = '';
beforeAll(async () => {
  localRoot = await mkdtemp(path.join(os.tmpdir(), 'cadence-storage-'));
});
afterAll(async () => {
  await rm(localRoot, { recursive: true, force: true });
});

driverContract('local', () => createLocalDriver({ root: localRoot, disk: 'uploads', publicBaseUrl: null }));

describe('local driver details', () => {
  it('leaves no temporary file behind and has no presigned or public URL on the uploads disk', async () => {
    const driver = createLocalDriver({ root: localRoot, disk: 'uploads', publicBaseUrl: null });
    await driver.put('c3/d4.txt', Buffer.from('hello'), { mime: 'text/plain' });
    expect(await readdir(path.join(localRoot, 'c3'))).toEqual(['d4.txt']);
    expect(await text(await driver.createReadStream('c3/d4.txt'))).toBe('hello');
    expect(await driver.presignGet('c3/d4.txt', 60)).toBeNull();
    expect(driver.publicUrl('c3/d4.txt')).toBeNull();
    const publicDisk = createLocalDriver({
      root: localRoot,
      disk: 'public',
      publicBaseUrl: 'http://x/storage',
    });
    expect(publicDisk.publicUrl('c3/d4.txt')).toBe('http://x/storage/c3/d4.txt');
  });

  it('createStorage roots each local disk under DATA_DIR/storage/<disk>', async () => {
    const storage = createStorage(loadEnv({ DATA_DIR: localRoot }));
    await storage.get('public').put('p1.txt', Buffer.from('pub'), { mime: 'text/plain' });
    expect(await readdir(path.join(localRoot, 'storage', 'public'))).toEqual(['p1.txt']);
    expect(storage.get('uploads').driver).toBe('local');
  });
});

describe('s3 driver against s3rver', () => {
  let peer: S3Peer;
  let driver: StorageDriver;
  beforeAll(async () => {
    peer = await startS3Peer('s3rver');
    driver = createStorage(loadEnv({ ...peer.env, PUBLIC_DISK_DRIVER: 's3' })).get('uploads');
  }, 20_000);
  afterAll(async () => peer?.stop());

  driverContract('s3', () => driver);

  it('presigns a GET that the peer serves, and keys objects under the disk prefix', async () => {
    await driver.put('e5.txt', Buffer.from('signed bytes'), { mime: 'text/plain' });
    const url = await driver.presignGet('e5.txt', 60);
    expect(url).toContain('/cadence-test/uploads/e5.txt');
    const response = await fetch(url as string);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('signed bytes');
    expect(driver.publicUrl('e5.txt')).toBeNull();
    expect(driver.s3?.keyFor('e5.txt')).toBe('uploads/e5.txt');
    expect(driver.s3?.pathFor('public/e5.txt')).toBeNull();
  });
});
