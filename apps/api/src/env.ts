import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { validateEnvSettings } from './modules/settings/settings-definitions';

const booleanString = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['', 'true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(value), {
    message: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const urlWithProtocol = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:']).optional(),
  APP_URL: urlWithProtocol(['http:', 'https:']).optional(),
  // Where each app lives when it is deployed on its own origin (defaults: APP_URL + / /admin /backstage).
  PLAYER_URL: urlWithProtocol(['http:', 'https:']).optional(),
  ADMIN_URL: urlWithProtocol(['http:', 'https:']).optional(),
  BACKSTAGE_URL: urlWithProtocol(['http:', 'https:']).optional(),
  // A parent domain (`example.com`) shared by the api and apps hosts, so they all see the cookies.
  SESSION_COOKIE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^\.?[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'must be a domain name such as example.com')
    .optional(),
  // `lax` serves apps on the api's site (subdomains, other ports); `none` (https only) other sites.
  SESSION_COOKIE_SAME_SITE: z.enum(['lax', 'strict', 'none']).default('lax'),
  APP_DEBUG: booleanString.default(false),
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanString.default(false),
  STATIC_DIR: optionalString,
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  // How old a cached catalogue page's counters (plays, likes) may get; 0 turns the cache off.
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(9_000),
  // How long a call to ListenBrainz or Last.fm may take before the scrobble is retried later.
  SCROBBLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  MAIL_URL: urlWithProtocol(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: optionalString,
  // Storage (uploads): env-level settings of the "uploading" tab.
  UPLOADS_DISK_DRIVER: z.enum(['local', 's3', 'digitalocean_s3', 'backblaze_s3']).default('local'),
  PUBLIC_DISK_DRIVER: z.enum(['local', 's3', 'digitalocean_s3', 'backblaze_s3']).default('local'),
  UPLOADS_DISABLE_TUS: booleanString.default(false),
  // Audio bytes: sent by the api, or handed to a fronting nginx with X-Accel-Redirect to an
  // `internal` location (this prefix) that maps to `${DATA_DIR}/storage`.
  STATIC_FILE_DELIVERY: z.enum(['direct', 'xaccel']).default('direct'),
  STATIC_FILE_XACCEL_PREFIX: z
    .string()
    .trim()
    .regex(/^\/[\w\-/]*\/$/, 'must start and end with /')
    .default('/_protected/'),
  STORAGE_S3_KEY: optionalString,
  STORAGE_S3_SECRET: optionalString,
  STORAGE_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  STORAGE_S3_BUCKET: optionalString,
  STORAGE_S3_ENDPOINT: urlWithProtocol(['http:', 'https:']).optional(),
  STORAGE_S3_PATH_STYLE: booleanString.default(false),
  STORAGE_S3_PUBLIC_URL: urlWithProtocol(['http:', 'https:']).optional(),
  // Billing providers' API roots (default: the providers' own); the tests point them at the peers in tooling/.
  STRIPE_API_BASE: urlWithProtocol(['http:', 'https:']).optional(),
  PAYPAL_API_BASE: urlWithProtocol(['http:', 'https:']).optional(),
  // Web Push endpoints on loopback or private addresses (a local push service in tests); off, the
  // api refuses them so a subscription cannot make it POST into the operator's own network.
  WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: booleanString.default(false),
  // DigitalOcean Spaces and Backblaze B2 credentials (the `digitalocean_s3` / `backblaze_s3` drivers).
  STORAGE_DIGITALOCEAN_KEY: optionalString,
  STORAGE_DIGITALOCEAN_SECRET: optionalString,
  STORAGE_DIGITALOCEAN_REGION: optionalString,
  STORAGE_DIGITALOCEAN_BUCKET: optionalString,
  STORAGE_BACKBLAZE_KEY: optionalString,
  STORAGE_BACKBLAZE_SECRET: optionalString,
  STORAGE_BACKBLAZE_REGION: optionalString,
  STORAGE_BACKBLAZE_BUCKET: optionalString,
  // Jobs: `redis` (with REDIS_URL) runs them on BullMQ; a replica with QUEUE_WORKER=false only enqueues.
  QUEUE_DRIVER: z.enum(['sync', 'redis']).default('sync'),
  QUEUE_WORKER: booleanString.default(true),
  SEED_DEMO_CATALOGUE: booleanString.default(true),
  // Avatar URLs on loopback addresses (tests only): off, the api refuses to fetch them.
  ALLOW_LOOPBACK_FETCH: booleanString.default(false),
  // Test peers: the reCAPTCHA verification endpoint and Google's OpenID issuer.
  RECAPTCHA_VERIFY_URL: urlWithProtocol(['http:', 'https:']).optional(),
  GOOGLE_OIDC_ISSUER: urlWithProtocol(['http:', 'https:']).default('https://accounts.google.com'),
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(10).max(600_000).default(25_000),
  // The ffmpeg binary for transcoding and loudness measurement (modules/transcoding/ffmpeg-path.ts):
  // unset finds `ffmpeg` on PATH, then the binary of the @ffmpeg-installer/ffmpeg package.
  FFMPEG_PATH: optionalString,
  // Searched for ffmpeg when FFMPEG_PATH is unset (the process's own PATH).
  PATH: optionalString,
  // Set by pnpm to the directory a script was started from (`pnpm cadence import <folder>`).
  INIT_CWD: optionalString,
});

export type Env = Omit<
  z.infer<typeof ZEnvSchema>,
  'APP_URL' | 'PLAYER_URL' | 'ADMIN_URL' | 'BACKSTAGE_URL' | 'STATIC_DIR'
> & {
  APP_URL: string;
  PLAYER_URL: string;
  ADMIN_URL: string;
  BACKSTAGE_URL: string;
  STATIC_DIR: string;
  /**
   * The variables of the env-level settings (`MAIL_PASSWORD`...), each named by its definition in the
   * settings catalogue (`@cadence/contracts/settings/catalogue`) and checked against its schema.
   */
  settingVars: Readonly<Record<string, string>>;
};

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** The monorepo `apps` folder: two levels above both `src/env.ts` and `dist/*.js`. */
function defaultStaticDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function isUnderDomain(host: string, domain: string): boolean {
  const bare = domain.replace(/^\./, '');
  return host === bare || host.endsWith(`.${bare}`);
}

/** The origins of the apps deployed apart from the api: the only ones answered with CORS. */
export function appOrigins(
  env: Pick<Env, 'APP_URL' | 'PLAYER_URL' | 'ADMIN_URL' | 'BACKSTAGE_URL'>,
): string[] {
  const own = new URL(env.APP_URL).origin;
  const origins = [env.PLAYER_URL, env.ADMIN_URL, env.BACKSTAGE_URL].map((url) => new URL(url).origin);
  return [...new Set(origins)].filter((origin) => origin !== own);
}

/** Pure: validates a record of variables; empty strings count as unset. */
export function loadEnv(record: Record<string, string | undefined>, cwd = process.cwd()): Env {
  const cleaned = Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = ZEnvSchema.safeParse(cleaned);
  // Env-level settings are checked against their definitions: one error names every bad variable.
  const settings = validateEnvSettings(cleaned);
  if (!parsed.success || settings.issues.length > 0) {
    const issues = (parsed.error?.issues ?? []).map((issue) => {
      const name = String(issue.path[0] ?? 'env');
      return `${name}: ${issue.message} (got ${JSON.stringify(cleaned[name] ?? null)})`;
    });
    throw new EnvError([...issues, ...settings.issues]);
  }
  const env = parsed.data;
  const appUrl = withoutTrailingSlash(env.APP_URL ?? `http://localhost:${env.PORT}`);
  const cookieIssues = [
    env.SESSION_COOKIE_SAME_SITE === 'none' && !appUrl.startsWith('https:')
      ? `SESSION_COOKIE_SAME_SITE: none needs an https APP_URL (got ${JSON.stringify(appUrl)})`
      : null,
    env.SESSION_COOKIE_DOMAIN && !isUnderDomain(new URL(appUrl).hostname, env.SESSION_COOKIE_DOMAIN)
      ? `SESSION_COOKIE_DOMAIN: must be APP_URL's host or a parent of it (got ${JSON.stringify(env.SESSION_COOKIE_DOMAIN)})`
      : null,
  ].filter((issue): issue is string => issue !== null);
  if (cookieIssues.length > 0) throw new EnvError(cookieIssues);
  return {
    ...env,
    DATA_DIR: path.resolve(cwd, env.DATA_DIR),
    APP_URL: appUrl,
    PLAYER_URL: withoutTrailingSlash(env.PLAYER_URL ?? appUrl),
    ADMIN_URL: withoutTrailingSlash(env.ADMIN_URL ?? `${appUrl}/admin`),
    BACKSTAGE_URL: withoutTrailingSlash(env.BACKSTAGE_URL ?? `${appUrl}/backstage`),
    STATIC_DIR: env.STATIC_DIR ? path.resolve(cwd, env.STATIC_DIR) : defaultStaticDir(),
    settingVars: Object.freeze(settings.values),
  };
}

/** The only place that reads `process.env`: prints every problem and exits 1. */
export function loadProcessEnv(): Env {
  try {
    return loadEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
