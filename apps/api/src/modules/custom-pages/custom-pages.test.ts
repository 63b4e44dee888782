import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, type Headers } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let admin: { id: number; headers: Headers };
let listener: { id: number; headers: Headers };

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [
    'custom_pages.view',
    'custom_pages.create',
    'custom_pages.update',
    'custom_pages.delete',
  ]);
  listener = await actor(t, ['custom_pages.view']);
});
afterAll(async () => t?.close());

const XSS = [
  '<script>window.pwned=1</script>',
  '<img src=x onerror="window.pwned=1">',
  '<a href="javascript:window.pwned=1">click</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
].join('');

function post(url: string, headers: Headers, payload: unknown, method = 'POST') {
  return t.app.inject({ method: method as 'POST', url, headers, payload: payload as object });
}

describe('custom pages', () => {
  it('seeds the pages the footer links to, with placeholder text for the admin to replace', async () => {
    for (const slug of ['privacy-policy', 'terms-of-service', 'about-us']) {
      const res = await t.app.inject({ url: `/api/v1/custom-pages/${slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().page.slug).toBe(slug);
      expect(res.json().page.body).toContain('replace this text');
    }
  });

  it('creates, shows by id and slug with seo, updates and deletes; sanitises the body on save', async () => {
    const created = await post('/api/v1/custom-pages', admin.headers, {
      title: 'Help & FAQ',
      body: `<h2>Questions</h2><p>Ask <a href="https://example.com" target="_blank">us</a>.</p>${XSS}`,
      meta_description: 'Answers to common questions.',
      hide_nav: true,
    });
    expect(created.statusCode).toBe(201);
    const page = created.json().page;
    expect(page).toMatchObject({ title: 'Help & FAQ', slug: 'help-faq', hide_nav: true });
    expect(page.body).toContain('<h2>Questions</h2>');
    expect(page.body).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">us</a>',
    );
    for (const bad of [
      '<script',
      'onerror',
      'onload',
      'onclick',
      'javascript:',
      '<iframe',
      '<svg',
      '<form',
      '<object',
      'style=',
      'data:',
    ]) {
      expect(page.body.toLowerCase()).not.toContain(bad.toLowerCase());
    }
    const stored = await t.deps.db
      .selectFrom('custom_pages')
      .select('body')
      .where('id', '=', page.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).not.toContain('<script');

    const byId = await t.app.inject({ url: `/api/v1/custom-pages/${page.id}`, headers: listener.headers });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      page: { id: page.id },
      seo: { title: 'Help & FAQ - Cadence', description: 'Answers to common questions.' },
      set_seo: true,
    });
    expect(byId.json().seo.canonical).toMatch(/\/pages\/help-faq$/);
    expect((await t.app.inject({ url: '/api/v1/custom-pages/help-faq' })).json().page.id).toBe(page.id);

    const taken = await post(
      `/api/v1/custom-pages/${page.id}`,
      admin.headers,
      { title: 'X', slug: 'about-us' },
      'PUT',
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toBeTruthy();
    const bad = await post('/api/v1/custom-pages', admin.headers, { title: '', slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['slug', 'title']);

    const updated = await post(
      `/api/v1/custom-pages/${page.id}`,
      admin.headers,
      { title: 'Help', slug: 'help', body: '<p>New</p>' },
      'PUT',
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().page).toMatchObject({ slug: 'help', body: '<p>New</p>', hide_nav: false });

    const list = await t.app.inject({ url: '/api/v1/custom-pages?query=help', headers: admin.headers });
    expect(list.json().pagination.data.map((p: { slug: string }) => p.slug)).toEqual(['help']);

    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'custom_pages')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['custom_pages.create', 'custom_pages.update']),
    );

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/custom-pages',
      headers: admin.headers,
      payload: { ids: [page.id] },
    });
    expect(deleted.json()).toMatchObject({ deleted: 1 });
    expect((await t.app.inject({ url: `/api/v1/custom-pages/${page.id}` })).statusCode).toBe(404);
  });

  it('sanitises again on read: a body written around the sanitiser is still safe', async () => {
    const row = await t.deps.db
      .insertInto('custom_pages')
      .values({ title: 'Raw', slug: 'raw', body: `<p>ok</p>${XSS}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body: string = (await t.app.inject({ url: `/api/v1/custom-pages/${row.id}` })).json().page.body;
    expect(body).toContain('<p>ok</p>');
    expect(body).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('holds an editor to the count restriction of custom_pages.create', async () => {
    const limited = await actor(t, ['custom_pages.view']);
    const permission = await t.deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'custom_pages.create')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('permissionables')
      .values({
        permission_id: permission.id,
        permissionable_type: 'user',
        permissionable_id: limited.id,
        restrictions: JSON.stringify([{ name: 'count', value: 1 }]),
      })
      .execute();
    expect((await post('/api/v1/custom-pages', limited.headers, { title: 'First of mine' })).statusCode).toBe(
      201,
    );
    const second = await post('/api/v1/custom-pages', limited.headers, { title: 'Second of mine' });
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toContain('up to 1 pages');
  });

  it('refuses writes without custom_pages permissions, and the admin list to listeners', async () => {
    const payload = { title: 'Nope' };
    expect((await post('/api/v1/custom-pages', {}, payload)).statusCode).toBe(401);
    expect((await post('/api/v1/custom-pages', listener.headers, payload)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/custom-pages', headers: listener.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/v1/custom-pages/no-such-page' })).statusCode).toBe(404);
  });
});
