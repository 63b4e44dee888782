import { randomBytes } from 'node:crypto';

export type Auth = { cookie: string; xsrf: string };

/** A real 1x1 PNG followed by random bytes, so content sniffing says image/png. */
export function pngBytes(totalSize: number): Buffer {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([png, randomBytes(Math.max(0, totalSize - png.length))]);
}

export function authHeaders(auth: Auth): Record<string, string> {
  return { cookie: auth.cookie, 'x-xsrf-token': auth.xsrf };
}

/** JSON POST over real HTTP; returns status and parsed body. */
export async function postJson(baseUrl: string, path: string, auth: Auth, body: unknown) {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { ...authHeaders(auth), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted field by field
  return { status: response.status, body: (await response.json()) as any };
}
