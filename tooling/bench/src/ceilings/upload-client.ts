import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * The upload client of the uploads benchmark, run as its own process on the load core (built
 * and run like the ceilings, under plain node). `tus`: create an upload, then one PATCH with the
 * whole file streamed from disk; `raw`: one POST of the file. Prints `{"ms": ..., "bytes": ...}`
 * for the body transfer only (the PATCH or POST), from the first byte sent to the answer.
 */
const [mode, url, file, cookie = '', xsrf = ''] = process.argv.slice(2);
if (!mode || !url || !file) throw new Error('usage: upload-client tus|raw <url> <file> [cookie] [xsrf]');

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(
  method: string,
  target: string,
  headers: Record<string, string | number>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(target, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
    if (body === undefined && method !== 'PATCH' && method !== 'POST') request.end();
    else if (body !== undefined) request.end(body);
    else createReadStream(file as string, { highWaterMark: 1024 * 1024 }).pipe(request);
  });
}

const size = (await stat(file)).size;
const auth: Record<string, string> = cookie ? { cookie, 'x-xsrf-token': xsrf } : {};
const b64 = (text: string) => Buffer.from(text).toString('base64');
let target = url;
let headers: Record<string, string | number> = { ...auth, 'content-length': size };

if (mode === 'tus') {
  const created = await send(
    'POST',
    url,
    {
      ...auth,
      'tus-resumable': '1.0.0',
      'upload-length': size,
      'upload-metadata': `name ${b64('bench.wav')},clientName ${b64('bench.wav')},clientMime ${b64('audio/wav')},clientExtension ${b64('wav')},clientSize ${b64(String(size))}`,
      'content-length': 0,
    },
    '',
  );
  if (created.status !== 201 || !created.headers.location) {
    throw new Error(`tus create answered ${created.status}: ${created.body}`);
  }
  target = new URL(created.headers.location, url).href;
  headers = {
    ...headers,
    'tus-resumable': '1.0.0',
    'upload-offset': 0,
    'content-type': 'application/offset+octet-stream',
  };
}

const started = performance.now();
const answer = await send(mode === 'tus' ? 'PATCH' : 'POST', target, headers);
const ms = performance.now() - started;
if (answer.status !== 204 && answer.status !== 200) {
  throw new Error(`${mode} upload answered ${answer.status}: ${answer.body}`);
}
if (mode === 'tus' && Number(answer.headers['upload-offset']) !== size) {
  throw new Error(`tus upload ended at offset ${answer.headers['upload-offset']} of ${size}`);
}
process.stdout.write(`${JSON.stringify({ ms, bytes: size, key: target.split('/').pop() })}\n`);
