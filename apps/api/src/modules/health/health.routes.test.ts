import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isEmbeddedTarget, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ isSeeded: false, env: { PATH: '/usr/local/bin:/usr/bin:/bin' } });
});
afterAll(async () => t?.close());

describe('health and readiness', () => {
  it('GET /health answers ok', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /ready reports each dependency', async () => {
    const res = await t.app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'up', redis: isEmbeddedTarget ? 'in-process' : 'up' },
      // Debian's ffmpeg, found on PATH (FFMPEG_PATH unset).
      details: { ffmpeg: { path: '/usr/bin/ffmpeg', source: 'system' } },
    });
  });

  it('while draining after SIGTERM: readiness 503, every answer still served but closing its connection', async () => {
    t.app.lifecycle.isDraining = true;
    try {
      const ready = await t.app.inject({ url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('draining');
      const health = await t.app.inject({ url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.isDraining = false;
    }
    expect((await t.app.inject({ url: '/health' })).headers.connection).not.toBe('close');
  });

  it('serves the OpenAPI document and the docs page', async () => {
    expect((await t.app.inject({ url: '/api-docs' })).statusCode).toBeLessThan(400);
    const docs = await t.app.inject({ url: '/api-docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('<html lang="en"');
    // Under the page policy (nonces only), every script of the page carries this response's nonce.
    const page = await t.app.inject({ url: '/api-docs/', headers: { accept: 'text/html' } });
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    const scriptSrc = /script-src([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(scriptSrc).not.toContain('unsafe-inline');
    const spec = await t.app.inject({ url: '/api-docs/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/bootstrap-data', '/api/v1/settings', '/api/v1/value-lists/{names}']),
    );
  });
});
