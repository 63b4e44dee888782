import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, type Headers, insertArtist } from '../catalogue/catalogue.test-helper';
import { makeTaggedMp3 } from './tagged-audio.test-helper';

let t: TestApp;
let baseUrl = '';

async function uploadAudio(headers: Headers, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'audio/mpeg' }), name);
  const response = await fetch(`${baseUrl}/api/v1/file-entries`, { method: 'POST', headers, body: form });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { fileEntry: { id: number } }).fileEntry.id;
}

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function artistUser() {
  const user = await actor(t, ['files.create', 'music.create', 'music.view']);
  return { ...user, artistId: await insertArtist(t, `Draft Artist ${user.id}`, user.id) };
}

async function entry(id: number) {
  return t.deps.db.selectFrom('file_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

async function isStored(row: { disk: 'uploads' | 'public'; path: string }) {
  return t.app.services.storage.get(row.disk).exists(row.path);
}

async function draftFromUpload(headers: Headers, track: number) {
  const bytes = await makeTaggedMp3(
    { title: `Draft ${track}`, artist: 'Tagger', album: 'Drafts LP', track, genre: 'Ambient', year: 2025 },
    1,
    300 + track * 50,
  );
  const fileId = await uploadAudio(headers, bytes, `draft-${track}.mp3`);
  const response = await send('POST', '/api/v1/backstage/drafts', headers, { file_entry_id: fileId });
  expect(response.statusCode, response.body).toBe(200);
  return { fileId, draft: response.json().draft };
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t?.close());

describe('upload drafts', () => {
  it('keeps a draft per upload on the server: listed again, edited, idempotent per file', async () => {
    const artist = await artistUser();
    const first = await draftFromUpload(artist.headers, 1);
    const second = await draftFromUpload(artist.headers, 2);
    expect(first.draft).toMatchObject({ file_entry_id: first.fileId, name: 'Draft 1', number: 1 });
    expect(first.draft.id).toEqual(expect.any(Number));

    // A retried create answers the same draft instead of a second one.
    const again = await send('POST', '/api/v1/backstage/drafts', artist.headers, {
      file_entry_id: first.fileId,
    });
    expect(again.json().draft.id).toBe(first.draft.id);

    const edited = await send('PUT', `/api/v1/backstage/drafts/${first.draft.id}`, artist.headers, {
      name: '  Renamed ',
      number: 7,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().draft).toMatchObject({ name: 'Renamed', number: 7, album: 'Drafts LP' });

    // "After a reload": a new request lists both, with the edit, in album order (track 2, then
    // the draft renumbered 7), not in the order the uploads finished.
    const list = await send('GET', '/api/v1/backstage/drafts', artist.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().drafts.map((d: { id: number; name: string }) => [d.id, d.name])).toEqual([
      [second.draft.id, 'Draft 2'],
      [first.draft.id, 'Renamed'],
    ]);

    expect(
      (await send('PUT', `/api/v1/backstage/drafts/${first.draft.id}`, artist.headers, { name: '' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await send('PUT', `/api/v1/backstage/drafts/${first.draft.id}`, artist.headers, { number: 'x' }))
        .statusCode,
    ).toBe(422);
    expect((await send('GET', '/api/v1/backstage/drafts/abc', artist.headers)).statusCode).toBe(404);
  });

  it('deletes a draft with its audio and cover, from the database and from storage', async () => {
    const artist = await artistUser();
    const { fileId, draft } = await draftFromUpload(artist.headers, 3);
    const audio = await entry(fileId);
    const cover = await t.deps.db
      .selectFrom('upload_drafts')
      .innerJoin('file_entries', 'file_entries.id', 'upload_drafts.image_entry_id')
      .select(['file_entries.id', 'file_entries.disk', 'file_entries.path'])
      .where('upload_drafts.id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(audio && (await isStored(audio))).toBe(true);
    expect(await isStored(cover)).toBe(true);

    const response = await send('DELETE', `/api/v1/backstage/drafts/${draft.id}`, artist.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(await entry(fileId)).toBeUndefined();
    expect(await entry(cover.id)).toBeUndefined();
    expect(await isStored(audio as NonNullable<typeof audio>)).toBe(false);
    expect(await isStored(cover)).toBe(false);
    expect((await send('GET', '/api/v1/backstage/drafts', artist.headers)).json().drafts).toEqual([]);
    expect((await send('DELETE', `/api/v1/backstage/drafts/${draft.id}`, artist.headers)).statusCode).toBe(
      404,
    );
  });

  it('keeps the audio of a draft whose file a track already plays', async () => {
    const artist = await artistUser();
    const { fileId, draft } = await draftFromUpload(artist.headers, 6);
    await t.deps.db
      .insertInto('tracks')
      .values({ name: 'Made elsewhere', slug: 'made-elsewhere', file_entry_id: fileId, visibility: 'public' })
      .execute();
    expect((await send('DELETE', `/api/v1/backstage/drafts/${draft.id}`, artist.headers)).statusCode).toBe(
      200,
    );
    const audio = await entry(fileId);
    expect(audio && (await isStored(audio))).toBe(true);
    expect((await send('GET', '/api/v1/backstage/drafts', artist.headers)).json().drafts).toEqual([]);
  });

  it("answers 404 for another user's draft and lists only one's own", async () => {
    const owner = await artistUser();
    const stranger = await artistUser();
    const { fileId, draft } = await draftFromUpload(owner.headers, 4);
    expect((await send('GET', '/api/v1/backstage/drafts', stranger.headers)).json().drafts).toEqual([]);
    const edit = await send('PUT', `/api/v1/backstage/drafts/${draft.id}`, stranger.headers, {
      name: 'Mine',
    });
    expect(edit.statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/backstage/drafts/${draft.id}`, stranger.headers)).statusCode).toBe(
      404,
    );
    const steal = await send('POST', '/api/v1/backstage/drafts', stranger.headers, { file_entry_id: fileId });
    expect(steal.statusCode).toBe(422);
    expect(await entry(fileId)).toBeDefined();
    const listener = await actor(t, ['files.create']);
    expect((await send('GET', '/api/v1/backstage/drafts', listener.headers)).statusCode).toBe(403);
    expect((await send('GET', '/api/v1/backstage/drafts', {})).statusCode).toBe(401);
  });

  it('turns drafts into tracks on publish: the drafts are gone, the files stay', async () => {
    const artist = await artistUser();
    const { fileId, draft } = await draftFromUpload(artist.headers, 5);
    const published = await send('POST', '/api/v1/backstage/publish', artist.headers, {
      mode: 'singles',
      artist_ids: [artist.artistId],
      tracks: [{ file_entry_id: fileId, name: draft.name, image: draft.image }],
    });
    expect(published.statusCode, published.body).toBe(201);
    expect((await send('GET', '/api/v1/backstage/drafts', artist.headers)).json().drafts).toEqual([]);
    const audio = await entry(fileId);
    expect(audio && (await isStored(audio))).toBe(true);
  });
});
