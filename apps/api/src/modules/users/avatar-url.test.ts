import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUserWithPassword, loggedInAgent } from '../auth/test-agent';

let t: TestApp;
let peer: Server;
let base = '';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);

beforeAll(async () => {
  peer = createServer((request, response) => {
    if (request.url === '/avatar.png') response.end(PNG);
    else if (request.url === '/big.png') response.end(Buffer.concat([PNG, Buffer.alloc(2_097_152)]));
    else if (request.url === '/redirect') {
      response.statusCode = 302;
      response.setHeader('location', 'http://169.254.169.254/');
      response.end();
    } else response.end('<html></html>');
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  // Loopback peers are allowed only by this test flag; private ranges stay refused.
  t = await createTestApp({ env: { ALLOW_LOOPBACK_FETCH: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => peer?.close(resolve));
});

it('fetches an avatar by URL, sniffs it, and refuses non-images, oversize bodies and redirects', async () => {
  const user = await createUserWithPassword(t.deps);
  const agent = await loggedInAgent(t.app, user.email, user.password);
  const ok = await agent.post(`/api/v1/users/${user.id}/avatar`, { url: `${base}/avatar.png` });
  expect(ok.statusCode).toBe(200);
  expect(ok.json().user.image).toMatch(/\/api\/v1\/avatars\/\d+-[a-f0-9]{24}\.png$/);
  expect(
    (await agent.post(`/api/v1/users/${user.id}/avatar`, { url: `${base}/page` })).json().errors.url,
  ).toBe('This file type is not allowed');
  expect(
    (await agent.post(`/api/v1/users/${user.id}/avatar`, { url: `${base}/big.png` })).json().errors.url,
  ).toBe('`big.png` exceeds maximum allowed size of 2MB');
  expect((await agent.post(`/api/v1/users/${user.id}/avatar`, { url: `${base}/redirect` })).statusCode).toBe(
    422,
  );
  expect(
    (await agent.post(`/api/v1/users/${user.id}/avatar`, { url: 'http://10.1.2.3/a.png' })).json().errors.url,
  ).toBe('This URL is not allowed.');
});
