import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Record<string, string>;
const LINE = 'Take me there!';

async function headersFor(userId: number) {
  const { cookie, xsrf } = await t.sessionCookie(userId);
  return { cookie, 'x-xsrf-token': xsrf };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await headersFor(
    await createTestUser(t.deps, {
      permissions: ['localizations.create', 'localizations.update', 'localizations.delete'],
    }),
  );
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('localizations', () => {
  let frenchId: number;

  it('adds a language whose lines start untranslated, refusing a duplicate or a bad code', async () => {
    const created = await call('POST', '/api/v1/localizations', { name: 'Français', language: 'fr' });
    expect(created.statusCode, created.body).toBe(201);
    const { localization } = created.json();
    frenchId = localization.id;
    expect(localization).toMatchObject({ language: 'fr', is_default: false, translated_count: 0 });
    expect(localization.lines_count).toBeGreaterThan(100);

    const duplicate = await call('POST', '/api/v1/localizations', { name: 'French again', language: 'fr' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toHaveProperty('language');
    const bad = await call('POST', '/api/v1/localizations', { name: 'Bad', language: 'not a code' });
    expect(bad.statusCode).toBe(422);

    const list = await call('GET', '/api/v1/localizations?query=fran');
    expect(list.json().pagination.data.map((row: { language: string }) => row.language)).toEqual(['fr']);
  });

  it('lists every line with search and untranslated only, saves translations and shows them in bootstrap data at once', async () => {
    const search = await call(
      'GET',
      `/api/v1/localizations/${frenchId}/lines?query=${encodeURIComponent('take me')}`,
    );
    expect(search.statusCode).toBe(200);
    expect(search.json().pagination.data).toContainEqual({ key: LINE, source: LINE, translation: '' });

    const before = await call('GET', `/api/v1/localizations/${frenchId}/lines?untranslated=1&perPage=1`);
    const untranslatedBefore = before.json().pagination.total;

    // The French bootstrap is cached before the save: the save must drop it.
    const cookie = { cookie: 'language=fr' };
    expect(
      (await t.app.inject({ url: '/api/v1/bootstrap-data', headers: cookie })).json().bootstrapData.i18n
        .language,
    ).toBe('fr');

    const saved = await call('PUT', `/api/v1/localizations/${frenchId}/lines`, {
      lines: { [LINE]: 'Emmenez-moi !' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const boot = await t.app.inject({ url: '/api/v1/bootstrap-data', headers: cookie });
    expect(boot.json().bootstrapData.i18n.lines[LINE]).toBe('Emmenez-moi !');

    const after = await call('GET', `/api/v1/localizations/${frenchId}/lines?untranslated=1&perPage=1`);
    expect(after.json().pagination.total).toBe(untranslatedBefore - 1);
    const translated = await call('GET', `/api/v1/localizations/${frenchId}/lines?query=emmenez`);
    expect(translated.json().pagination.data[0]).toMatchObject({ key: LINE, translation: 'Emmenez-moi !' });

    // An empty translation removes it: the source line shows again.
    await call('PUT', `/api/v1/localizations/${frenchId}/lines`, { lines: { [LINE]: '' } });
    const cleared = await t.app.inject({ url: '/api/v1/bootstrap-data', headers: cookie });
    expect(cleared.json().bootstrapData.i18n.lines[LINE]).toBeUndefined();
  });

  it('refuses unknown lines and overlong translations, saving nothing', async () => {
    const unknown = await call('PUT', `/api/v1/localizations/${frenchId}/lines`, {
      lines: { 'Not a line of the product': 'x', [LINE]: 'kept?' },
    });
    expect(unknown.statusCode).toBe(422);
    const long = await call('PUT', `/api/v1/localizations/${frenchId}/lines`, {
      lines: { [LINE]: 'x'.repeat(5001) },
    });
    expect(long.statusCode).toBe(422);
    const lines = await call(
      'GET',
      `/api/v1/localizations/${frenchId}/lines?query=${encodeURIComponent('take me')}`,
    );
    expect(lines.json().pagination.data[0].translation).toBe('');
  });

  it('sets the default language for guests, which then cannot be deleted', async () => {
    await call('PUT', `/api/v1/localizations/${frenchId}/lines`, { lines: { [LINE]: 'Allons-y' } });
    const made = await call('POST', `/api/v1/localizations/${frenchId}/default`);
    expect(made.statusCode).toBe(200);
    const guest = (await t.app.inject({ url: '/api/v1/bootstrap-data' })).json().bootstrapData;
    expect(guest.i18n.language).toBe('fr');
    expect(guest.i18n.lines[LINE]).toBe('Allons-y');
    expect((await call('GET', `/api/v1/localizations/${frenchId}`)).json().localization.is_default).toBe(
      true,
    );

    const refused = await call('DELETE', '/api/v1/localizations', { ids: [frenchId] });
    expect(refused.statusCode).toBe(422);

    const english = (await call('GET', '/api/v1/localizations?query=english')).json().pagination.data[0];
    await call('POST', `/api/v1/localizations/${english.id}/default`);
    const deleted = await call('DELETE', '/api/v1/localizations', { ids: [frenchId] });
    expect(deleted.json()).toMatchObject({ deleted: 1 });
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'localizations')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'localizations.create',
        'localizations.lines',
        'localizations.default',
        'localizations.delete',
      ]),
    );
  });

  it('refuses guests (401) and users without the permission (403) everywhere', async () => {
    const listener = await headersFor(
      await createTestUser(t.deps, { permissions: ['localizations.view', 'admin.access'] }),
    );
    const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
      ['GET', '/api/v1/localizations'],
      ['POST', '/api/v1/localizations', { name: 'X', language: 'xx' }],
      ['GET', '/api/v1/localizations/1'],
      ['PUT', '/api/v1/localizations/1', { name: 'X' }],
      ['DELETE', '/api/v1/localizations', { ids: [1] }],
      ['POST', '/api/v1/localizations/1/default'],
      ['GET', '/api/v1/localizations/1/lines'],
      ['PUT', '/api/v1/localizations/1/lines', { lines: { [LINE]: 'x' } }],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await call(method, url, payload, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, payload, listener)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
