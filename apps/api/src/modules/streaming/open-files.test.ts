import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenFiles } from './open-files';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-open-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(opened: { handle: import('node:fs/promises').FileHandle; size: number }) {
  const buffer = Buffer.alloc(opened.size);
  await opened.handle.read(buffer, 0, opened.size, 0);
  return buffer.toString();
}

describe('open files shared by range requests', () => {
  it('hands concurrent and successive readers of one path the same handle', async () => {
    const file = path.join(dir, 'a.mp3');
    await writeFile(file, 'first');
    const files = createOpenFiles();
    const [one, two] = await Promise.all([files.acquire(file), files.acquire(file)]);
    expect(one?.handle).toBe(two?.handle);
    one?.release();
    two?.release();
    const three = await files.acquire(file);
    expect(three?.handle).toBe(one?.handle);
    expect(three?.size).toBe(5);
    three?.release();
    files.closeAll();
  });

  it('sees a file replaced in place after the revalidation window, and closes the old handle once released', async () => {
    const file = path.join(dir, 'a.mp3');
    await writeFile(file, 'first');
    const files = createOpenFiles({ revalidateMs: 0 });
    const old = await files.acquire(file);
    if (!old) throw new Error('not opened');
    await writeFile(`${file}.new`, 'second version');
    await rename(`${file}.new`, file);
    const current = await files.acquire(file);
    if (!current) throw new Error('not opened');
    expect(current.handle).not.toBe(old.handle);
    expect(await readAll(current)).toBe('second version');
    // The reader that started on the old file finishes it unharmed.
    expect(await readAll(old)).toBe('first');
    old.release();
    await expect(old.handle.stat()).rejects.toThrow();
    current.release();
    files.closeAll();
  });

  it('answers null for a missing file or a directory, and forgets a file that was deleted', async () => {
    const files = createOpenFiles({ revalidateMs: 0 });
    expect(await files.acquire(path.join(dir, 'missing.mp3'))).toBeNull();
    expect(await files.acquire(dir)).toBeNull();
    const file = path.join(dir, 'a.mp3');
    await writeFile(file, 'bytes');
    (await files.acquire(file))?.release();
    expect(files.size).toBe(1);
    await rm(file);
    expect(await files.acquire(file)).toBeNull();
    expect(files.size).toBe(0);
  });

  it('never leases a handle that was closed while its path was being re-checked', async () => {
    const file = path.join(dir, 'a.mp3');
    await writeFile(file, 'bytes');
    const files = createOpenFiles({ revalidateMs: 0 });
    (await files.acquire(file))?.release();
    // The re-check (a stat) is in flight when the entry is retired and its handle closed.
    const pending = files.acquire(file);
    files.closeAll();
    const opened = await pending;
    if (!opened) throw new Error('not opened');
    expect(await readAll(opened)).toBe('bytes');
    opened.release();
    files.closeAll();
  });

  it('keeps at most maxIdle idle handles open', async () => {
    const files = createOpenFiles({ maxIdle: 2 });
    for (const name of ['a', 'b', 'c', 'd']) {
      const file = path.join(dir, name);
      await writeFile(file, name);
      (await files.acquire(file))?.release();
    }
    expect(files.size).toBe(2);
    files.closeAll();
    expect(files.size).toBe(0);
  });
});
