import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import { startCeiling } from './ceiling-server';
import type { TPinning } from './cores';
import type { TRunningServer } from './server-process';

export type TRecordedResponse = {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
};

/** Set by the connection or by whichever server sends the body: never copied. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The headers a twin repeats: everything the api sent but the per-connection ones. */
export function copiedHeaders(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const copied: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || NOT_COPIED.has(name.toLowerCase())) continue;
    copied[name] = value;
  }
  return copied;
}

/**
 * One GET as the load generator sends it (no Accept-Encoding, no cookie): the response the twin
 * must repeat byte for byte.
 */
export function recordResponse(
  url: string,
  headers: Record<string, string> = {},
): Promise<TRecordedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: copiedHeaders(response.headers),
            body: Buffer.concat(chunks),
          }),
        );
        response.once('error', reject);
      })
      .once('error', reject);
  });
}

/** Starts `src/ceilings/same-bytes.ts` answering each recorded path with its response. */
export async function startSameBytesTwin(
  responses: Record<string, TRecordedResponse>,
  file: string,
  pinning: TPinning,
): Promise<TRunningServer> {
  const serialised = Object.fromEntries(
    Object.entries(responses).map(([url, response]) => [
      url,
      { status: response.status, headers: response.headers, bodyBase64: response.body.toString('base64') },
    ]),
  );
  await writeFile(file, JSON.stringify(serialised));
  return startCeiling(
    'same-bytes',
    pinning,
    { RESPONSES_FILE: file },
    {
      label: 'same-bytes twin',
      readyPath: '/__ready',
    },
  );
}
