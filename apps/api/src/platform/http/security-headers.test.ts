import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isEmbedPath } from './security-headers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// Each case starts its own app inside the test (one of them two): in the embedded mode each start
// migrates a fresh PGlite, which takes over 20 s on a busy two-core machine.
describe('security headers', { timeout: 90_000 }, () => {
  it('asks for HTTPS only when the app is served over it', async () => {
    t = await createTestApp({ isSeeded: false, env: { APP_URL: 'https://music.example.com' } });
    const secure = await t.app.inject({ url: '/health' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(secure.headers['content-security-policy'])).toContain('wss://music.example.com');
    await t.close();
    t = await createTestApp({ isSeeded: false, env: { APP_URL: 'http://localhost:4000' } });
    expect((await t.app.inject({ url: '/health' })).headers['strict-transport-security']).toBeUndefined();
  });

  it("lets the product's admin origin frame its pages, and pages load the https hosts the admin's custom code names", async () => {
    t = await createTestApp({
      isSeeded: false,
      env: { APP_URL: 'http://localhost:4000', ADMIN_URL: 'http://admin.localhost:4001' },
    });
    await t.app.services.settings.save({
      client: {
        custom_code: {
          css: "@import url('https://fonts.example.com/css');",
          html: '<script src="https://stats.example.org/a.js"></script>',
        },
      },
    });
    const page = await t.app.inject({ url: '/health', headers: { accept: 'text/html' } });
    const csp = String(page.headers['content-security-policy']);
    // The appearance editor (on the admin's origin) frames the player; nobody else may.
    expect(csp).toContain("frame-ancestors 'self' http://admin.localhost:4001");
    expect(csp).toMatch(/script-src [^;]*https:\/\/stats\.example\.org/);
    expect(csp).toMatch(/style-src [^;]*https:\/\/fonts\.example\.com/);
    expect(csp).toMatch(/font-src [^;]*https:\/\/fonts\.example\.com/);
    // Api calls carry no custom code: their policy stays as strict as ever.
    const api = await t.app.inject({ url: '/health', headers: { accept: 'application/json' } });
    expect(String(api.headers['content-security-policy'])).not.toContain('example.org');
  });

  it('gives api calls one fixed policy without a nonce (spa.plugin.test: a page fetched as data gets its own)', async () => {
    t = await createTestApp({ isSeeded: false, env: { APP_URL: 'http://localhost:4000' } });
    const first = await t.app.inject({ url: '/health', headers: { accept: 'application/json' } });
    const second = await t.app.inject({ url: '/health', headers: { accept: 'application/json' } });
    const apiPolicy = String(first.headers['content-security-policy']);
    expect(apiPolicy).toBe(String(second.headers['content-security-policy']));
    expect(apiPolicy).not.toContain("'nonce-");
    expect(apiPolicy).toContain("frame-ancestors 'self'");
    expect(apiPolicy).toContain("object-src 'none'");
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('knows the embed pages, and only them', () => {
    expect(isEmbedPath('/track/1/a-song/embed')).toBe(true);
    expect(isEmbedPath('/album/3/an-artist/an-album/embed?autoplay=1')).toBe(true);
    expect(isEmbedPath('/track/1/a-song')).toBe(false);
    expect(isEmbedPath('/admin/embed')).toBe(false);
    expect(isEmbedPath('/login?next=/track/1/x/embed')).toBe(false);
  });
});
