import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { apiCli, E2E_ADMIN, embeddedEnv } from './api-env';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data directory migrated and seeded once (admin, demo catalogue), copied by each startApi. */
    seededDataDir: string;
  }
}

/**
 * Migrating and seeding a fresh PGlite directory (schema, admin, the demo catalogue's audio and
 * artwork) is the same work for every browser test file and took most of each file's start: it is
 * done once here and every api starts from a copy.
 */
let templateDir: string | undefined;

export async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cadence-e2e-template-'));
  const started = performance.now();
  await promisify(execFile)('node', [apiCli, 'seed'], {
    env: {
      ...process.env,
      ...embeddedEnv(dataDir),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
    encoding: 'utf8',
  });
  console.info(
    `[e2e] seeded the template data directory in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide('seededDataDir', dataDir);
  templateDir = dataDir;
}

export function teardown() {
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
}
