import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { scheduledTasks } from '../schedule/scheduled-tasks';

let t: TestApp;
let ownerId: number;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = await createTestUser(t.deps);
}, 60_000);
afterAll(async () => t?.close());

/** An entry with bytes in storage, created `ageMs` ago. */
async function storedEntry(ageMs: number, options: { disk?: 'uploads' | 'public'; trashed?: boolean } = {}) {
  const disk = options.disk ?? 'uploads';
  const path = `${randomUUID()}.mp3`;
  await t.app.services.storage
    .get(disk)
    .put(path, Buffer.from('ID3 not really audio'), { mime: 'audio/mpeg' });
  const created = new Date(Date.now() - ageMs);
  const row = await t.deps.db
    .insertInto('file_entries')
    .values({
      name: 'song.mp3',
      file_name: path,
      mime: 'audio/mpeg',
      extension: 'mp3',
      file_size: 20,
      path,
      disk,
      driver: 'local',
      parent_id: null,
      owner_id: ownerId,
      created_at: created,
      updated_at: created,
      deleted_at: options.trashed ? created : null,
    })
    .returning(['id', 'disk', 'path'])
    .executeTakeFirstOrThrow();
  return row;
}

const isStored = (row: { disk: 'uploads' | 'public'; path: string }) =>
  t.app.services.storage.get(row.disk).exists(row.path);
const rowExists = async (id: number) =>
  (await t.deps.db.selectFrom('file_entries').select('id').where('id', '=', id).executeTakeFirst()) !==
  undefined;

function sweepTask() {
  const task = scheduledTasks(t.deps.db, t.app.services, t.app.jobs).find(
    (each) => each.name === 'uploads:sweep-orphans',
  );
  if (!task) throw new Error('uploads:sweep-orphans is not scheduled');
  return task;
}

describe('uploads:sweep-orphans', () => {
  it('deletes uploads older than a day that nothing references, and keeps everything else', async () => {
    const orphan = await storedEntry(25 * HOUR);
    const fresh = await storedEntry(HOUR);
    const ofTrack = await storedEntry(48 * HOUR);
    const ofDraft = await storedEntry(48 * HOUR);
    const draftCover = await storedEntry(48 * HOUR);
    const proof = await storedEntry(48 * HOUR);
    const folder = await storedEntry(48 * HOUR);
    const inFolder = await storedEntry(48 * HOUR);
    const publicImage = await storedEntry(48 * HOUR, { disk: 'public' });
    const trashed = await storedEntry(48 * HOUR, { trashed: true });

    await t.deps.db
      .insertInto('tracks')
      .values({ name: 'Kept', slug: 'kept', file_entry_id: ofTrack.id, visibility: 'public' })
      .execute();
    await t.deps.db
      .insertInto('upload_drafts')
      .values({
        user_id: ownerId,
        workspace_id: null,
        file_entry_id: ofDraft.id,
        image_entry_id: draftCover.id,
        data: JSON.stringify({ name: 'Draft' }),
      })
      .execute();
    await t.deps.db
      .insertInto('backstage_requests')
      .values({
        user_id: ownerId,
        type: 'become_artist',
        data: JSON.stringify({ proof_file_ids: [proof.id] }),
      })
      .execute();
    await t.deps.db
      .updateTable('file_entries')
      .set({ parent_id: folder.id })
      .where('id', '=', inFolder.id)
      .execute();

    expect(await sweepTask().run()).toBe('Deleted 1 abandoned uploads');
    expect(await rowExists(orphan.id)).toBe(false);
    expect(await isStored(orphan)).toBe(false);
    for (const kept of [fresh, ofTrack, ofDraft, draftCover, proof, folder, inFolder, publicImage, trashed]) {
      expect(await rowExists(kept.id), `entry ${kept.id}`).toBe(true);
      expect(await isStored(kept), `bytes of ${kept.id}`).toBe(true);
    }

    // Idempotent: a second run (another replica, a retry) finds nothing left.
    expect(await sweepTask().run()).toBe('Deleted 0 abandoned uploads');
  });
});
