import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { mailText, startSmtpPeer } from '../auth/smtp-peer';
import { createAgent } from '../auth/test-agent';
import { actor, type Headers, headersFor } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
type Actor = { id: number; headers: Headers; email: string };
let owner: Actor;
let outsider: Actor;

async function person(permissions: string[] = []): Promise<Actor> {
  const { id, headers } = await actor(t, permissions);
  const row = await t.deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, headers, email: row.email };
}

const send = (by: Actor | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: by?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createWorkspace(by: Actor, name: string): Promise<number> {
  const res = await send(by, 'POST', '/api/v1/workspace', { name });
  expect(res.statusCode).toBe(201);
  return res.json().workspace.id;
}

async function inviteOf(workspaceId: number, email: string): Promise<string> {
  const row = await t.deps.db
    .selectFrom('workspace_invites')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addMember(workspaceId: number, role: 'admin' | 'member' = 'member'): Promise<Actor> {
  const who = await person();
  await send(owner, 'POST', `/api/v1/workspace/${workspaceId}/invite`, { emails: [who.email], role });
  const joined = await send(who, 'GET', `/api/v1/workspace/join/${await inviteOf(workspaceId, who.email)}`);
  expect(joined.statusCode).toBe(200);
  return who;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { MAIL_URL: smtp.url } });
  owner = await person(['workspaces.create', 'music.create']);
  outsider = await person();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('creating, renaming and deleting a workspace', () => {
  it('creates one owned by its creator, lists it with members_count, and refuses bad input', async () => {
    expect((await send(null, 'POST', '/api/v1/workspace', { name: 'x' })).statusCode).toBe(401);
    expect((await send(outsider, 'POST', '/api/v1/workspace', { name: 'x' })).statusCode).toBe(403);
    const empty = await send(owner, 'POST', '/api/v1/workspace', { name: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name).toEqual(['The name field is required.']);
    expect((await send(owner, 'POST', '/api/v1/workspace', { name: 'x'.repeat(101) })).statusCode).toBe(422);

    const id = await createWorkspace(owner, 'Night Label');
    const mine = await send(owner, 'GET', '/api/v1/me/workspaces');
    expect(mine.json().workspaces).toContainEqual(
      expect.objectContaining({
        id,
        name: 'Night Label',
        members_count: 1,
        role: 'owner',
        owner_id: owner.id,
      }),
    );
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'workspace')
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit.map((row) => row.action)).toContain('workspaces.create');
  });

  it('lets the owner rename and delete; members, outsiders and bad ids are refused', async () => {
    const id = await createWorkspace(owner, 'Band');
    const member = await addMember(id);
    expect((await send(outsider, 'GET', `/api/v1/workspace/${id}`)).statusCode).toBe(403);
    expect((await send(member, 'GET', `/api/v1/workspace/${id}`)).json().workspace.members).toHaveLength(2);
    expect((await send(member, 'PUT', `/api/v1/workspace/${id}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await send(owner, 'PUT', `/api/v1/workspace/${id}`, { name: '' })).statusCode).toBe(422);
    expect((await send(owner, 'GET', '/api/v1/workspace/abc')).statusCode).toBe(422);
    expect((await send(owner, 'GET', '/api/v1/workspace/999999')).statusCode).toBe(404);
    const renamed = await send(owner, 'PUT', `/api/v1/workspace/${id}`, { name: 'The Band' });
    expect(renamed.json().workspace.name).toBe('The Band');

    expect((await send(member, 'DELETE', `/api/v1/workspace/${id}`)).statusCode).toBe(403);
    const deleted = await send(owner, 'DELETE', `/api/v1/workspace/${id}`);
    expect(deleted.json()).toEqual({ message: 'Workspace deleted' });
    expect((await send(member, 'GET', '/api/v1/me/workspaces')).json().workspaces).toEqual([]);
  });

  it('honours the `count` restriction of workspaces.create', async () => {
    const limited = await person(['workspaces.create']);
    await t.deps.db
      .updateTable('permissionables')
      .set({ restrictions: JSON.stringify([{ name: 'count', value: 1 }]) })
      .where('permissionable_type', '=', 'user')
      .where('permissionable_id', '=', limited.id)
      .execute();
    await createWorkspace(limited, 'One');
    const second = await send(limited, 'POST', '/api/v1/workspace', { name: 'Two' });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.name).toBe('You can create at most 1 workspaces.');
  });
});

describe('invitations', () => {
  it('mails a new address a register link, which works while registration is disabled, once', async () => {
    const id = await createWorkspace(owner, 'Invite Label');
    const email = 'new.member@example.com';
    const before = smtp.received.length;
    const bad = await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: ['not-an-email'] });
    expect(bad.statusCode).toBe(422);
    expect((await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: [] })).statusCode).toBe(
      422,
    );
    expect(
      (await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: [email], role: 'owner' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await send(outsider, 'POST', `/api/v1/workspace/${id}/invite`, { emails: [email] })).statusCode,
    ).toBe(403);
    const res = await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, {
      emails: [email.toUpperCase()],
    });
    expect(res.statusCode).toBe(200);
    const [invite] = res.json().invites;
    expect(invite).toMatchObject({ email, role: 'member' });
    expect(new Date(invite.expires_at).getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);

    await t.app.jobs.drain();
    const mail = await smtp.waitFor(email, before);
    const text = mailText(mail.raw);
    expect(text).toContain('invited you to join Invite Label.');
    expect(text).toContain(`/workspace/join/register?invite_id=${invite.id}&invite_type=workspace`);

    await t.app.services.settings.save({ client: { registration: { disable: true } } });
    try {
      const base = { password: 'long-enough-password', password_confirmation: 'long-enough-password' };
      const other = await createAgent(t.app).post('/auth/register', {
        ...base,
        email: 'someone.else@example.com',
        invite_id: invite.id,
        invite_type: 'workspace',
      });
      expect(other.statusCode).toBe(403);
      const plain = await createAgent(t.app).post('/auth/register', { ...base, email });
      expect(plain.statusCode).toBe(403);

      const agent = createAgent(t.app);
      const registered = await agent.post('/auth/register', {
        ...base,
        email,
        invite_id: invite.id,
        invite_type: 'workspace',
      });
      expect(registered.statusCode).toBe(200);
      // Signing up through the link joins at once; the invitation is used up.
      expect(registered.json().workspace).toMatchObject({ id, members_count: 2, role: 'member' });
      const again = await agent.get(`/api/v1/workspace/join/${invite.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('This invite is no longer valid');
    } finally {
      await t.app.services.settings.save({ client: { registration: { disable: false } } });
    }
  });

  it('joins at registration with email confirmation on; the workspace is there once confirmed', async () => {
    const id = await createWorkspace(owner, 'Confirmed Label');
    const email = 'confirm.first@example.com';
    const invited = await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: [email] });
    const [invite] = invited.json().invites;
    // The invitation's own mail goes out first, so the next one to this address is the code.
    await t.app.jobs.drain();
    await smtp.waitFor(email);
    await t.app.services.settings.save({ client: { require_email_confirmation: true } });
    try {
      const since = smtp.received.length;
      const agent = createAgent(t.app);
      const registered = await agent.post('/auth/register', {
        email,
        password: 'long-enough-password',
        password_confirmation: 'long-enough-password',
        invite_id: invite.id,
        invite_type: 'workspace',
      });
      expect(registered.statusCode).toBe(200);
      expect(registered.json()).toMatchObject({
        status: 'needs_email_verification',
        workspace: { id, members_count: 2 },
      });
      const userId = registered.json().bootstrapData.user.id;
      const member = await t.deps.db
        .selectFrom('workspace_members')
        .select('role')
        .where('workspace_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      expect(member?.role).toBe('member');
      // Unconfirmed, the account reaches nothing of the workspace yet.
      expect((await agent.get(`/api/v1/workspace/${id}`)).statusCode).toBe(403);

      const mail = await smtp.waitFor(email, since);
      const code = mailText(mail.raw).match(/verification code is:?\s*(?:<[^>]+>\s*)*(\d{6})/)?.[1];
      expect((await agent.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(200);
      const mine = await agent.get('/api/v1/me/workspaces');
      expect(mine.json().workspaces).toContainEqual(expect.objectContaining({ id, role: 'member' }));
      expect((await agent.get(`/api/v1/workspace/join/${invite.id}`)).statusCode).toBe(404);
    } finally {
      await t.app.services.settings.save({ client: { require_email_confirmation: false } });
    }
  });

  it('registers without a workspace when the invitation is gone or for another address', async () => {
    const id = await createWorkspace(owner, 'Gone Label');
    const email = 'late.comer@example.com';
    const invited = await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: [email] });
    const [invite] = invited.json().invites;
    const base = { password: 'long-enough-password', password_confirmation: 'long-enough-password' };
    const other = await createAgent(t.app).post('/auth/register', {
      ...base,
      email: 'not.invited@example.com',
      invite_id: invite.id,
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().workspace).toBeUndefined();
    const garbage = await createAgent(t.app).post('/auth/register', {
      ...base,
      email: 'garbage.invite@example.com',
      invite_id: 'not-a-uuid',
    });
    expect(garbage.statusCode).toBe(200);
    expect(garbage.json().workspace).toBeUndefined();
    await send(owner, 'DELETE', `/api/v1/workspace/${id}/invite/${invite.id}`);
    const late = await createAgent(t.app).post('/auth/register', { ...base, email, invite_id: invite.id });
    expect(late.statusCode).toBe(200);
    expect(late.json().workspace).toBeUndefined();
    expect((await send(owner, 'GET', `/api/v1/workspace/${id}`)).json().workspace.members).toHaveLength(1);
  });

  it('gives an existing account a notification with Join/Decline; another email cannot use it', async () => {
    const id = await createWorkspace(owner, 'Existing Label');
    const invitee = await person();
    await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: [invitee.email], role: 'admin' });
    const [row] = (await send(invitee, 'GET', '/api/v1/notifications')).json().pagination.data;
    expect(row.type).toBe('workspace_invitation');
    expect(row.data.buttonActions.map((b: { label: string }) => b.label)).toEqual(['Join', 'Decline']);
    const inviteId = row.data.inviteId;
    expect(inviteId).toBe(await inviteOf(id, invitee.email));

    const thief = await send(outsider, 'GET', `/api/v1/workspace/join/${inviteId}`);
    expect(thief.statusCode).toBe(403);
    expect((await send(outsider, 'DELETE', `/api/v1/workspace/invite/${inviteId}`)).statusCode).toBe(403);
    expect((await send(invitee, 'GET', '/api/v1/workspace/join/not-a-uuid')).statusCode).toBe(422);

    const joined = await send(invitee, 'GET', `/api/v1/workspace/join/${inviteId}`);
    expect(joined.json().workspace).toMatchObject({ id, role: 'admin' });
  });

  it('expires after 3 days', async () => {
    const id = await createWorkspace(owner, 'Expiring');
    const invitee = await person();
    await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: [invitee.email] });
    const inviteId = await inviteOf(id, invitee.email);
    await t.deps.db
      .updateTable('workspace_invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', inviteId)
      .execute();
    const res = await send(invitee, 'GET', `/api/v1/workspace/join/${inviteId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This invite is no longer valid');
  });

  it('declines: "Declined workspace invitation" for the invitee and a notification for the owner', async () => {
    const id = await createWorkspace(owner, 'Declined Label');
    const invitee = await person();
    await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: [invitee.email] });
    const inviteId = await inviteOf(id, invitee.email);
    const res = await send(invitee, 'DELETE', `/api/v1/workspace/invite/${inviteId}`);
    expect(res.json()).toEqual({ message: 'Declined workspace invitation' });
    expect((await send(invitee, 'DELETE', `/api/v1/workspace/invite/${inviteId}`)).statusCode).toBe(404);
    const [note] = (await send(owner, 'GET', '/api/v1/notifications')).json().pagination.data;
    expect(note.type).toBe('workspace_invitation_declined');
    expect(note.data.lines[0].content).toBe('Declined workspace invitation');
    expect(note.data.lines[1].content).toContain('Declined Label');
  });

  it('lets owners cancel a pending invitation', async () => {
    const id = await createWorkspace(owner, 'Cancel Label');
    await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: ['gone@example.com'] });
    const inviteId = await inviteOf(id, 'gone@example.com');
    expect((await send(outsider, 'DELETE', `/api/v1/workspace/${id}/invite/${inviteId}`)).statusCode).toBe(
      403,
    );
    expect((await send(owner, 'DELETE', `/api/v1/workspace/${id}/invite/${inviteId}`)).statusCode).toBe(200);
    expect((await send(owner, 'GET', `/api/v1/workspace/${id}`)).json().workspace.invites).toEqual([]);
  });
});

describe('members and roles', () => {
  it('never changes the owner or one own role; admins manage members; role "owner" is refused', async () => {
    const id = await createWorkspace(owner, 'Roles');
    const admin = await addMember(id, 'admin');
    const member = await addMember(id);
    const base = `/api/v1/workspace/${id}/member`;
    expect((await send(member, 'PUT', `${base}/${member.id}`, { role: 'admin' })).statusCode).toBe(403);
    expect((await send(admin, 'PUT', `${base}/${owner.id}`, { role: 'member' })).statusCode).toBe(403);
    expect((await send(admin, 'PUT', `${base}/${admin.id}`, { role: 'member' })).statusCode).toBe(403);
    expect((await send(owner, 'PUT', `${base}/${member.id}`, { role: 'owner' })).statusCode).toBe(422);
    expect((await send(admin, 'DELETE', `${base}/${owner.id}`)).statusCode).toBe(403);
    expect((await send(owner, 'DELETE', `${base}/${owner.id}`)).statusCode).toBe(403);

    expect((await send(admin, 'PUT', `${base}/${member.id}`, { role: 'admin' })).statusCode).toBe(200);
    const roles = (await send(owner, 'GET', `/api/v1/workspace/${id}`)).json().workspace.members;
    expect(roles.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual(
      expect.arrayContaining([
        [owner.id, 'owner'],
        [member.id, 'admin'],
      ]),
    );
    const left = await send(member, 'DELETE', `${base}/${member.id}`);
    expect(left.json()).toEqual({ message: 'You left the workspace' });
  });
});

describe('workspaceId on requests (spec 7)', () => {
  it('refuses a non-member (403, no data); removing a member ends their access at once', async () => {
    const id = await createWorkspace(owner, 'Scoped');
    const member = await addMember(id);
    const url = `/api/v1/backstage/overview?workspaceId=${id}`;
    const refused = await send(outsider, 'GET', url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You are not a member of this workspace.' });
    expect((await send(member, 'GET', url)).statusCode).toBe(200);
    expect((await send(member, 'GET', '/api/v1/backstage/overview?workspaceId=x1')).statusCode).toBe(422);
    // The recovery paths stay open with a stale workspace id.
    expect((await send(outsider, 'GET', `/api/v1/me/workspaces?workspaceId=${id}`)).statusCode).toBe(200);

    expect((await send(owner, 'DELETE', `/api/v1/workspace/${id}/member/${member.id}`)).statusCode).toBe(200);
    expect((await send(member, 'GET', url)).statusCode).toBe(403);
    expect((await send(member, 'GET', `/api/v1/workspace/${id}`)).statusCode).toBe(403);
  });

  it('keeps the workspace routes open to a user whose current workspace is stale', async () => {
    const stale = await createWorkspace(owner, 'Left Behind');
    const kept = await createWorkspace(owner, 'Still Here');
    const member = await addMember(stale);
    await send(owner, 'POST', `/api/v1/workspace/${kept}/invite`, { emails: [member.email] });
    const invite = await inviteOf(kept, member.email);
    expect((await send(member, 'GET', `/api/v1/workspace/join/${invite}`)).statusCode).toBe(200);
    await send(owner, 'DELETE', `/api/v1/workspace/${stale}/member/${member.id}`);

    // The apps send the current workspace on every call (spec 7), these included.
    const current = `workspaceId=${stale}`;
    expect((await send(member, 'GET', `/api/v1/me/workspaces?${current}`)).statusCode).toBe(200);
    const other = await send(member, 'GET', `/api/v1/workspace/${kept}?${current}`);
    expect(other.statusCode).toBe(200);
    expect(other.json().workspace.id).toBe(kept);
    expect((await send(member, 'GET', `/api/v1/workspace/${stale}?${current}`)).statusCode).toBe(403);
    expect((await send(member, 'GET', `/api/v1/backstage/overview?${current}`)).statusCode).toBe(403);
  });

  it('gives playlists, tracks and albums created with a workspace active to that workspace', async () => {
    const id = await createWorkspace(owner, 'Creations');
    const member = await addMember(id);
    await t.deps.db
      .insertInto('permissionables')
      .values({
        permission_id: (
          await t.deps.db
            .selectFrom('permissions')
            .select('id')
            .where('name', '=', 'playlists.create')
            .executeTakeFirstOrThrow()
        ).id,
        permissionable_type: 'user',
        permissionable_id: member.id,
      })
      .execute();
    const inside = await send(member, 'POST', `/api/v1/playlists?workspaceId=${id}`, { name: 'Team mix' });
    expect(inside.statusCode, inside.body).toBeLessThan(300);
    const outside = await send(member, 'POST', '/api/v1/playlists', { name: 'My mix' });
    const rows = await t.deps.db
      .selectFrom('playlists')
      .select(['id', 'workspace_id'])
      .where('id', 'in', [inside.json().playlist.id, outside.json().playlist.id])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.workspace_id)).toEqual([id, null]);
    expect(
      (await send(outsider, 'POST', `/api/v1/playlists?workspaceId=${id}`, { name: 'x' })).statusCode,
    ).toBe(403);
  });

  it('lets staff with workspaces.view read any workspace', async () => {
    const id = await createWorkspace(owner, 'Staff view');
    const staffId = await createTestUser(t.deps, { permissions: ['workspaces.view'] });
    const staff = { id: staffId, headers: await headersFor(t, staffId), email: '' };
    expect((await send(staff, 'GET', `/api/v1/workspace/${id}`)).statusCode).toBe(200);
    expect((await send(staff, 'PUT', `/api/v1/workspace/${id}`, { name: 'nope' })).statusCode).toBe(403);
  });
});

describe("members' addresses (issue 31)", () => {
  it('shows them to the owner and admins; a plain member sees the public projection and no invites', async () => {
    const id = await createWorkspace(owner, 'Private Addresses');
    const admin = await addMember(id, 'admin');
    const member = await addMember(id);
    await send(owner, 'POST', `/api/v1/workspace/${id}/invite`, { emails: ['pending.one@example.com'] });
    for (const manager of [owner, admin]) {
      const seen = (await send(manager, 'GET', `/api/v1/workspace/${id}`)).json().workspace;
      expect(seen.members.map((m: { email?: string }) => m.email).sort()).toEqual(
        [owner.email, admin.email, member.email].sort(),
      );
      expect(seen.invites.map((invite: { email: string }) => invite.email)).toEqual([
        'pending.one@example.com',
      ]);
    }
    const res = await send(member, 'GET', `/api/v1/workspace/${id}`);
    expect(res.statusCode).toBe(200);
    const { workspace } = res.json();
    expect(workspace.invites).toEqual([]);
    for (const shown of workspace.members) {
      const keys = Object.keys(shown).sort();
      if (shown.id === member.id) expect(shown.email).toBe(member.email);
      else expect(keys).toEqual(['id', 'image', 'joined_at', 'name', 'role']);
    }
    expect(res.body).not.toContain(owner.email);
    expect(res.body).not.toContain(admin.email);
    expect(res.body).not.toContain('pending.one@example.com');
  });
});
