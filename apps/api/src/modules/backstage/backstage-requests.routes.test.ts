import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpPeer } from '../auth/smtp-peer';
import { actor, type Headers, insertArtist } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let baseUrl = '';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function uploadProof(headers: Headers): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'label-contract.pdf');
  const response = await fetch(`${baseUrl}/api/v1/file-entries`, { method: 'POST', headers, body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { fileEntry: { id: number } }).fileEntry.id;
}

const post = (url: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { MAIL_URL: smtp.url, MAIL_FROM: 'Cadence <no-reply@cadence.test>' } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('POST /api/v1/backstage-requests', () => {
  it('needs a session (401) and backstageRequests.create (403)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/backstage-requests',
      payload: { type: 'become_artist', artist_name: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
    const listener = await actor(t, ['files.create']);
    const refused = await post('/api/v1/backstage-requests', listener.headers, {
      type: 'become_artist',
      artist_name: 'X',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('validates the type, the artist name or artist, links and proofs with field errors', async () => {
    const user = await actor(t, ['backstageRequests.create', 'files.create']);
    const cases: [unknown, string][] = [
      [{ type: 'become_rockstar' }, 'type'],
      [{ type: 'become_artist' }, 'artist_name'],
      [{ type: 'claim_artist' }, 'artist_id'],
      [{ type: 'verify_artist', artist_id: 'abc' }, 'artist_id'],
      [
        { type: 'become_artist', artist_name: 'A', links: [{ url: 'javascript:alert(1)', title: 'x' }] },
        'links.0.url',
      ],
      [{ type: 'claim_artist', artist_id: 999_999 }, 'artist_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await post('/api/v1/backstage-requests', user.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const other = await actor(t, ['files.create']);
    const foreignProof = await uploadProof(other.headers);
    const stolen = await post('/api/v1/backstage-requests', user.headers, {
      type: 'become_artist',
      artist_name: 'Thief',
      proof_file_ids: [foreignProof],
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors.proof_file_ids).toBeTruthy();
  });

  it('keeps one pending request per user and type, and refuses an artist already claimed', async () => {
    const user = await actor(t, ['backstageRequests.create']);
    const first = await post('/api/v1/backstage-requests', user.headers, {
      type: 'become_artist',
      artist_name: 'Solo Act',
    });
    expect(first.statusCode).toBe(201);
    const again = await post('/api/v1/backstage-requests', user.headers, {
      type: 'become_artist',
      artist_name: 'Solo Act 2',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.type).toEqual(['You already have a pending request of this type.']);
    const owner = await actor(t, []);
    const claimed = await insertArtist(t, 'Taken Band', owner.id);
    const claim = await post('/api/v1/backstage-requests', user.headers, {
      type: 'claim_artist',
      artist_id: claimed,
    });
    expect(claim.statusCode).toBe(422);
    expect(claim.json().errors.artist_id).toEqual(['This artist has already been claimed.']);
  });
});

describe('review: list, show, proofs, approve, deny', () => {
  it('keeps proof files private to the requester and reviewers', async () => {
    const requester = await actor(t, ['backstageRequests.create', 'files.create']);
    const proof = await uploadProof(requester.headers);
    const created = await post('/api/v1/backstage-requests', requester.headers, {
      type: 'become_artist',
      artist_name: 'Private Proofs',
      proof_file_ids: [proof],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json().request;
    expect(body.proofs).toHaveLength(1);
    const proofUrl = `/${body.proofs[0].url}`;
    const admin = await actor(t, ['admin']);
    const stranger = await actor(t, ['backstageRequests.create', 'files.create']);
    expect((await t.app.inject({ url: proofUrl, headers: requester.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: proofUrl, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: proofUrl, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: proofUrl })).statusCode).toBe(401);
    // The raw file entry is private too (owner or files.view).
    const raw = await t.app.inject({ url: `/api/v1/file-entries/${proof}`, headers: stranger.headers });
    expect(raw.statusCode).toBe(403);
    const shown = await t.app.inject({
      url: `/api/v1/backstage-requests/${body.id}`,
      headers: stranger.headers,
    });
    expect(shown.statusCode).toBe(404);
  });

  it('lists for reviewers only, filtered by status', async () => {
    const user = await actor(t, ['backstageRequests.create']);
    await post('/api/v1/backstage-requests', user.headers, { type: 'become_artist', artist_name: 'Listed' });
    const reviewer = await actor(t, ['backstageRequests.view']);
    const list = await t.app.inject({
      url: '/api/v1/backstage-requests?status=pending&query=Listed',
      headers: reviewer.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().pagination.data.map((r: { artist_name: string }) => r.artist_name)).toEqual([
      'Listed',
    ]);
    expect(
      (await t.app.inject({ url: '/api/v1/backstage-requests?status=weird', headers: reviewer.headers }))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.app.inject({ url: '/api/v1/backstage-requests', headers: user.headers })).statusCode,
    ).toBe(403);
  });

  it('approval creates the artist, grants the artists role and music.create, and mails the requester', async () => {
    const requester = await actor(t, ['backstageRequests.create']);
    const email = (
      await t.deps.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', requester.id)
        .executeTakeFirstOrThrow()
    ).email;
    const created = await post('/api/v1/backstage-requests', requester.headers, {
      type: 'become_artist',
      artist_name: 'The Approved',
      role: 'Singer',
      company: 'Indie',
      links: [{ url: 'https://example.com/band', title: 'Site' }],
    });
    const id = created.json().request.id;
    const before = await t.app.inject({
      url: '/api/v1/backstage/upload-minutes',
      headers: requester.headers,
    });
    expect(before.statusCode).toBe(403);
    const reviewer = await actor(t, ['backstageRequests.update', 'backstageRequests.view']);
    const outsider = await actor(t, ['backstageRequests.create']);
    expect((await post(`/api/v1/backstage-requests/${id}/approve`, outsider.headers, {})).statusCode).toBe(
      403,
    );
    const since = smtp.received.length;
    const approved = await post(`/api/v1/backstage-requests/${id}/approve`, reviewer.headers, {
      notes: 'Welcome',
    });
    expect(approved.statusCode).toBe(200);
    const request = approved.json().request;
    expect(request.status).toBe('approved');
    expect(request.artist.name).toBe('The Approved');
    const link = await t.deps.db
      .selectFrom('user_artist')
      .selectAll()
      .where('user_id', '=', requester.id)
      .executeTakeFirstOrThrow();
    expect(Number(link.artist_id)).toBe(request.artist_id);
    const mail = await smtp.waitFor(email, since);
    expect(mail.raw).toContain('was approved');
    // The in-app row (spec 3 shape) the notifications centre lists.
    const rows = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', requester.id)
      .execute();
    expect(rows.map((row) => row.type)).toEqual(['backstage_request_handled']);
    expect(JSON.stringify(rows[0]?.data)).toContain('Your request to become an artist was approved.');
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_type', '=', 'backstage_requests')
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ action: 'backstage_requests.approve', actor_id: reviewer.id }]);
    // The artists role carries music.create with its minutes restriction (60 in the seed).
    const minutes = await t.app.inject({
      url: '/api/v1/backstage/upload-minutes',
      headers: requester.headers,
    });
    expect(minutes.statusCode).toBe(200);
    expect(minutes.json()).toEqual({ limit_minutes: 60, used_minutes: 0, left_minutes: 60 });
    const twice = await post(`/api/v1/backstage-requests/${id}/approve`, reviewer.headers, {});
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.status).toEqual(['This request has already been handled.']);
  });

  it('claim approval links the existing artist and marks it verified', async () => {
    const requester = await actor(t, ['backstageRequests.create']);
    const artistId = await insertArtist(t, 'Unclaimed Legend');
    const created = await post('/api/v1/backstage-requests', requester.headers, {
      type: 'claim_artist',
      artist_id: artistId,
    });
    expect(created.statusCode).toBe(201);
    const reviewer = await actor(t, ['admin']);
    const approved = await post(
      `/api/v1/backstage-requests/${created.json().request.id}/approve`,
      reviewer.headers,
      {},
    );
    expect(approved.json().request.artist_id).toBe(artistId);
    const artist = await t.deps.db
      .selectFrom('artists')
      .select('verified')
      .where('id', '=', artistId)
      .executeTakeFirstOrThrow();
    expect(artist.verified).toBe(true);
    const second = await actor(t, ['backstageRequests.create']);
    const late = await post('/api/v1/backstage-requests', second.headers, {
      type: 'claim_artist',
      artist_id: artistId,
    });
    expect(late.statusCode).toBe(422);
  });

  it('denial needs notes and sends them to the requester', async () => {
    const requester = await actor(t, ['backstageRequests.create']);
    const email = (
      await t.deps.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', requester.id)
        .executeTakeFirstOrThrow()
    ).email;
    const created = await post('/api/v1/backstage-requests', requester.headers, {
      type: 'become_artist',
      artist_name: 'Denied Band',
    });
    const id = created.json().request.id;
    const reviewer = await actor(t, ['backstageRequests.update']);
    const noNotes = await post(`/api/v1/backstage-requests/${id}/deny`, reviewer.headers, { notes: '  ' });
    expect(noNotes.statusCode).toBe(422);
    expect(noNotes.json().errors.notes).toBeTruthy();
    const since = smtp.received.length;
    const denied = await post(`/api/v1/backstage-requests/${id}/deny`, reviewer.headers, {
      notes: 'Please add a proof of ownership.',
    });
    expect(denied.statusCode).toBe(200);
    expect(denied.json().request.status).toBe('denied');
    const mail = await smtp.waitFor(email, since);
    expect(mail.raw).toContain('Please add a proof of ownership.');
    // The user can ask again once the pending one is decided.
    const again = await post('/api/v1/backstage-requests', requester.headers, {
      type: 'become_artist',
      artist_name: 'Denied Band',
    });
    expect(again.statusCode).toBe(201);
    expect(
      (await post('/api/v1/backstage-requests/999999/deny', reviewer.headers, { notes: 'x' })).statusCode,
    ).toBe(404);
  });
});
