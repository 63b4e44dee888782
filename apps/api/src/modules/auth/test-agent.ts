import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppDeps } from '../../platform/app-deps';
import { hashPassword } from '../../platform/auth/password';
import * as accountRepository from './account.repository';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A browser-like client for `app.inject`: keeps cookies and echoes the XSRF token. */
export function createAgent(app: FastifyInstance, options: { ip?: string; userAgent?: string } = {}) {
  const jar = new Map<string, string>([['XSRF-TOKEN', randomBytes(24).toString('base64url')]]);
  async function send(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const request: InjectOptions = {
      method,
      url,
      headers: {
        cookie,
        'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
        'user-agent':
          options.userAgent ??
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
        ...headers,
      },
      remoteAddress: options.ip ?? '127.0.0.1',
    };
    if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
    const response = await app.inject(request);
    for (const set of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const isExpired =
        set.maxAge === 0 ||
        (set.expires !== undefined && set.expires.getTime() <= Date.now()) ||
        set.value === '';
      if (isExpired) jar.delete(set.name);
      else jar.set(set.name, set.value);
    }
    return response;
  }
  return {
    jar,
    get: (url: string, headers?: Record<string, string>) => send('GET', url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      send('POST', url, payload ?? {}, headers),
    put: (url: string, payload?: unknown) => send('PUT', url, payload ?? {}),
    delete: (url: string) => send('DELETE', url),
  };
}

export type Agent = ReturnType<typeof createAgent>;

/** A user with a real argon2id password (each hash costs ~20 ms: create few). */
export async function createUserWithPassword(
  deps: AppDeps,
  options: { email?: string; password?: string; isVerified?: boolean; isBanned?: boolean } = {},
) {
  const email = options.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = options.password ?? 'correct-horse-battery';
  const id = await accountRepository.insertUser(deps.db, {
    email,
    name: 'Test User',
    password: await hashPassword(password),
    email_verified_at: options.isVerified === false ? null : new Date(),
    banned_at: options.isBanned ? new Date() : null,
  });
  return { id, email, password };
}

export async function loggedInAgent(
  app: FastifyInstance,
  email: string,
  password: string,
  options?: { ip?: string; userAgent?: string },
) {
  const agent = createAgent(app, options);
  const response = await agent.post('/auth/login', { email, password, remember: true });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return agent;
}
