import type { TSocialService } from '@cadence/contracts/auth';

export type SocialProfile = {
  id: string;
  email: string | null;
  isEmailVerified: boolean;
  name: string | null;
  username: string | null;
};

type Endpoints = { authorization: string; token: string };

export type SocialProvider = {
  endpoints: () => Promise<Endpoints>;
  scopes: string[];
  usesPkce: boolean;
  fetchProfile: (accessToken: string) => Promise<SocialProfile>;
};

async function getJson(url: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`Profile request failed with ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

type Discovery = { authorization_endpoint: string; token_endpoint: string; userinfo_endpoint: string };
const discoveries = new Map<string, { at: number; value: Promise<Discovery> }>();

/** OIDC discovery, cached for an hour per issuer. */
function discover(issuer: string): Promise<Discovery> {
  const cached = discoveries.get(issuer);
  if (cached && Date.now() - cached.at < 3_600_000) return cached.value;
  const value = fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(10_000),
  }).then(async (response) => {
    if (!response.ok) throw new Error(`OIDC discovery failed with ${response.status}`);
    return (await response.json()) as Discovery;
  });
  value.catch(() => discoveries.delete(issuer));
  discoveries.set(issuer, { at: Date.now(), value });
  return value;
}

/** Google is a standard OpenID provider; `GOOGLE_OIDC_ISSUER` (tests) swaps in a local one. */
function googleProvider(issuer: string): SocialProvider {
  return {
    scopes: ['openid', 'email', 'profile'],
    usesPkce: true,
    endpoints: async () => {
      const discovery = await discover(issuer);
      return { authorization: discovery.authorization_endpoint, token: discovery.token_endpoint };
    },
    fetchProfile: async (accessToken) => {
      const info = await getJson((await discover(issuer)).userinfo_endpoint, accessToken);
      return {
        id: String(info.sub),
        email: text(info.email),
        isEmailVerified: info.email_verified === true || info.email_verified === 'true',
        name: text(info.name),
        username: text(info.name) ?? text(info.email),
      };
    },
  };
}

const fixed = (authorization: string, token: string) => async () => ({ authorization, token });

const facebook: SocialProvider = {
  scopes: ['email', 'public_profile'],
  usesPkce: false,
  endpoints: fixed(
    'https://www.facebook.com/v19.0/dialog/oauth',
    'https://graph.facebook.com/v19.0/oauth/access_token',
  ),
  fetchProfile: async (accessToken) => {
    const info = await getJson('https://graph.facebook.com/v19.0/me?fields=id,name,email', accessToken);
    return {
      id: String(info.id),
      email: text(info.email),
      isEmailVerified: Boolean(text(info.email)),
      name: text(info.name),
      username: text(info.name),
    };
  },
};

const twitter: SocialProvider = {
  scopes: ['users.read', 'tweet.read'],
  usesPkce: true,
  endpoints: fixed('https://twitter.com/i/oauth2/authorize', 'https://api.twitter.com/2/oauth2/token'),
  fetchProfile: async (accessToken) => {
    const body = await getJson('https://api.twitter.com/2/users/me', accessToken);
    const info = (body.data ?? {}) as Record<string, unknown>;
    return {
      id: String(info.id),
      email: null,
      isEmailVerified: false,
      name: text(info.name),
      username: text(info.username),
    };
  },
};

const envato: SocialProvider = {
  scopes: [],
  usesPkce: false,
  endpoints: fixed('https://api.envato.com/authorization', 'https://api.envato.com/token'),
  fetchProfile: async (accessToken) => {
    const [account, email, username] = await Promise.all([
      getJson('https://api.envato.com/v1/market/private/user/account.json', accessToken),
      getJson('https://api.envato.com/v1/market/private/user/email.json', accessToken),
      getJson('https://api.envato.com/v1/market/private/user/username.json', accessToken),
    ]);
    const details = (account.account ?? {}) as Record<string, unknown>;
    const name = [text(details.firstname), text(details.surname)].filter(Boolean).join(' ') || null;
    return {
      id: String(username.username),
      email: text(email.email),
      isEmailVerified: Boolean(text(email.email)),
      name,
      username: text(username.username),
    };
  },
};

export function providerFor(
  service: TSocialService,
  /** `GOOGLE_OIDC_ISSUER` (env): Google's own issuer unless a test points it at a local peer. */
  googleIssuer: string,
): SocialProvider {
  if (service === 'google') return googleProvider(googleIssuer);
  if (service === 'facebook') return facebook;
  if (service === 'twitter') return twitter;
  return envato;
}

/** arctic loads with the first social login, not at start. */
export function loadArctic() {
  return import('arctic');
}

export async function oauthClient(clientId: string, clientSecret: string, redirectUri: string) {
  const { OAuth2Client } = await loadArctic();
  return new OAuth2Client(clientId, clientSecret, redirectUri);
}
