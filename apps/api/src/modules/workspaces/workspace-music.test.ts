import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeTaggedMp3 } from '../backstage/tagged-audio.test-helper';
import { actor, type Headers, insertArtist } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let baseUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t?.close());

async function uploadAudio(headers: Headers, workspaceId: number): Promise<number> {
  const form = new FormData();
  const bytes = await makeTaggedMp3(
    { title: 'Team Song', artist: 'X', album: 'EP', track: 1, genre: 'Pop', year: 2024 },
    1,
  );
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/mpeg' }), 'team.mp3');
  const response = await fetch(`${baseUrl}/api/v1/file-entries?workspaceId=${workspaceId}`, {
    method: 'POST',
    headers,
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { fileEntry: { id: number } }).fileEntry.id;
}

const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });

describe('music in a workspace', () => {
  it("a member publishes into the workspace under the owner's artist; the owner sees it, outsiders get 403", async () => {
    const owner = await actor(t, ['workspaces.create', 'music.create', 'files.create']);
    const artistId = await insertArtist(t, 'Label Act', owner.id);
    const created = await call(owner.headers, 'POST', '/api/v1/workspace', { name: 'Label' });
    const workspaceId = created.json().workspace.id as number;
    const member = await actor(t, ['files.create']);
    const outsider = await actor(t, ['files.create', 'music.create']);
    const email = (
      await t.deps.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow()
    ).email;
    await call(owner.headers, 'POST', `/api/v1/workspace/${workspaceId}/invite`, { emails: [email] });
    const invite = await t.deps.db
      .selectFrom('workspace_invites')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    expect((await call(member.headers, 'GET', `/api/v1/workspace/join/${invite.id}`)).statusCode).toBe(200);

    const fileId = await uploadAudio(member.headers, workspaceId);
    const payload = {
      mode: 'singles',
      artist_ids: [artistId],
      tracks: [{ file_entry_id: fileId, name: 'Team Song' }],
    };
    // Outside the workspace the member has no music.create of their own.
    expect((await call(member.headers, 'POST', '/api/v1/backstage/publish', payload)).statusCode).toBe(403);
    const published = await call(
      member.headers,
      'POST',
      `/api/v1/backstage/publish?workspaceId=${workspaceId}`,
      payload,
    );
    expect(published.statusCode, published.body).toBe(201);
    const [trackId] = published.json().track_ids;

    const inWorkspace = await call(
      owner.headers,
      'GET',
      `/api/v1/backstage/overview?workspaceId=${workspaceId}`,
    );
    expect(inWorkspace.json().tracks.map((track: { id: number }) => track.id)).toEqual([trackId]);
    expect(inWorkspace.json().artists.map((artist: { id: number }) => artist.id)).toEqual([artistId]);
    const personal = await call(owner.headers, 'GET', '/api/v1/backstage/overview');
    expect(personal.json().tracks).toEqual([]);
    const refused = await call(
      outsider.headers,
      'GET',
      `/api/v1/backstage/overview?workspaceId=${workspaceId}`,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().tracks).toBeUndefined();
    // The outsider cannot publish under the label's artist either.
    const outsiderFile = await uploadAudio(outsider.headers, 0);
    const stolen = await call(outsider.headers, 'POST', '/api/v1/backstage/publish', {
      ...payload,
      tracks: [{ file_entry_id: outsiderFile, name: 'Stolen' }],
    });
    expect(stolen.statusCode).toBe(403);
    expect(
      (
        await call(outsider.headers, 'POST', `/api/v1/backstage/publish?workspaceId=${workspaceId}`, {
          ...payload,
          tracks: [{ file_entry_id: outsiderFile, name: 'Stolen' }],
        })
      ).statusCode,
    ).toBe(403);
  });
});
