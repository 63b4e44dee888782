import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'apps', 'api');
export const apiCli = join(apiDir, 'dist', 'cli.js');
export const apiServer = join(apiDir, 'dist', 'server.js');

/** The first admin every browser test's api is seeded with. */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' } as const;

/** The embedded mode on `dataDir`: PGlite and local disk, nothing from the shell's database or Redis. */
export function embeddedEnv(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' };
}

/**
 * Environment that changes what the seed writes: an api started with any of these cannot reuse
 * the directory seeded once for the run.
 */
export const SEED_INPUTS = [
  'SEED_DEMO_CATALOGUE',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'APP_KEY',
  'DATABASE_URL',
  'DATA_DIR',
];
