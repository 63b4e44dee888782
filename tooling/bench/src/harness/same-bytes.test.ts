import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copiedHeaders, recordResponse, startSameBytesTwin } from './same-bytes';
import type { TRunningServer } from './server-process';

describe('same-bytes twin', () => {
  let origin: http.Server;
  let originUrl: string;
  let directory: string;
  let twin: TRunningServer | undefined;
  const body = Buffer.from(JSON.stringify({ settings: { name: 'Cadence' }, é: 'ü'.repeat(100) }));

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'bench-same-bytes-'));
    origin = http.createServer((request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-seen-encoding': String(request.headers['accept-encoding'] ?? 'none'),
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/api/v1/bootstrap-data`;
  });

  afterAll(async () => {
    await twin?.stop();
    origin.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('drops only the per-connection headers', () => {
    expect(
      copiedHeaders({
        date: 'x',
        connection: 'keep-alive',
        'content-length': '3',
        'content-type': 't',
        vary: 'a',
      }),
    ).toEqual({ 'content-type': 't', vary: 'a' });
  });

  it('answers the recorded bytes and headers verbatim', async () => {
    const recorded = await recordResponse(originUrl);
    expect(recorded.headers['x-seen-encoding']).toBe('none');
    twin = await startSameBytesTwin(
      { '/api/v1/bootstrap-data': recorded },
      path.join(directory, 'responses.json'),
      { isEnabled: false },
    );
    const again = await recordResponse(`${twin.baseUrl}/api/v1/bootstrap-data`);
    expect(again.status).toBe(200);
    expect(again.body.equals(body)).toBe(true);
    expect(again.headers).toEqual(recorded.headers);
  });
});
