import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import https, { type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor } from '../catalogue/catalogue.test-helper';
import { isAllowedPushEndpoint } from './web-push';

/**
 * Push services cannot be reached from here, so this test plays one: an HTTPS receiver that
 * takes the api's push request and decrypts it as a browser's push client would (RFC 8291
 * message encryption over RFC 8188 aes128gcm), checking the VAPID signature (RFC 8292) too.
 */
type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

let t: TestApp;
let receiver: Server;
let origin = '';
const received: Received[] = [];
let nextStatus = 201;

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 section 3.4 and RFC 8188 section 2: one record, padding delimiter 0x02. */
function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<the server's public key>`; answers the JWT's claims. */
function verifyVapid(header: string, expectedKey: string) {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header);
  expect(match).not.toBeNull();
  const [, jwt, key] = match as unknown as [string, string, string];
  expect(key).toBe(expectedKey);
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const isValid = verifySignature(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(isValid).toBe(true);
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-push-'));
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  // The api's requests (the global agent) trust this receiver's certificate, and only in this test.
  https.globalAgent.options.ca = cert;
  receiver = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(nextStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function subscribeBrowser(headers: Record<string, string>, name: string) {
  const uaPrivate = createECDH('prime256v1');
  uaPrivate.generateKeys();
  const authSecret = randomBytes(16);
  const endpoint = `${origin}/push/${name}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/notifications/push/subscriptions',
    headers,
    payload: { endpoint, keys: { p256dh: b64url(uaPrivate.getPublicKey()), auth: b64url(authSecret) } },
  });
  expect(res.statusCode).toBe(200);
  return { uaPrivate, authSecret, path: `/push/${name}` };
}

describe('Web Push delivery (RFC 8291/8292 against a local push service)', () => {
  it("encrypts the notification so only the browser's keys decrypt it, signed with the server's VAPID key", async () => {
    const user = await actor(t);
    const browser = await subscribeBrowser(user.headers, 'browser-one');
    const { publicKey } = (
      await t.app.inject({ url: '/api/v1/notifications/push/key', headers: user.headers })
    ).json() as { publicKey: string };

    const notification = await t.app.services.notifications.notify(user.id, 'system_error', {
      lines: [{ type: 'primary', content: 'Pushed through the service worker' }],
    });
    await t.app.jobs.drain();
    const request = received.find((entry) => entry.path === browser.path);
    expect(request).toBeDefined();
    const { headers, body } = request as Received;
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(Number(headers.ttl)).toBeGreaterThan(0);
    // The plaintext never travels: only the subscriber's keys open it.
    expect(body.includes(Buffer.from('Pushed through'))).toBe(false);
    const payload = JSON.parse(decryptAes128gcm(body, browser.uaPrivate, browser.authSecret));
    expect(payload).toMatchObject({
      type: 'notification.created',
      notification: {
        id: notification?.id,
        data: { lines: [{ content: 'Pushed through the service worker' }] },
      },
    });

    const claims = verifyVapid(String(headers.authorization), publicKey);
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toMatch(/^mailto:/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);

    // Another browser's keys cannot read it.
    const stranger = createECDH('prime256v1');
    stranger.generateKeys();
    expect(() => decryptAes128gcm(body, stranger, randomBytes(16))).toThrow();
  });

  it('refuses endpoints that are not public https push services (unless allowed, as here)', () => {
    for (const endpoint of [
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.0.0.5/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://user:pass@push.example.com/x',
      'not a url',
    ])
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:9/x', true)).toBe(true);
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const user = await actor(t);
    await subscribeBrowser(user.headers, 'gone');
    nextStatus = 410;
    try {
      await t.app.services.notifications.notify(user.id, 'system_error', {
        lines: [{ content: 'Anyone there?' }],
      });
      await t.app.jobs.drain();
    } finally {
      nextStatus = 201;
    }
    expect(await t.app.services.notifications.webPush.hasSubscriptions(user.id)).toBe(false);
  });
});
