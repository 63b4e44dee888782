import { GatewayError } from './gateway-types';

/** PayPal's REST API: an OAuth token kept until shortly before it expires, 15 s per call. */
export function createPaypalRest(config: { clientId: string; secret: string; apiBase: string }) {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const response = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function send(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(path, config.apiBase), { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      throw new GatewayError(`PayPal: ${path} unreachable`, error);
    }
    if (!response.ok)
      throw new GatewayError(`PayPal: ${path} answered ${response.status}`, undefined, response.status);
    return response;
  }

  async function api<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await send(path, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** Asks for a fresh access token: PayPal answers 401 `invalid_client` to a wrong id or secret. */
  async function checkCredentials(): Promise<void> {
    token = null;
    await accessToken();
  }

  return { api, checkCredentials };
}
