import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadEnv } from '../env';
import { type DatabaseHandle, openDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { seedDatabase } from '../seed/seed';
import { writeRestoreScript } from './embedded-reuse';

export const isEmbeddedTarget = process.env.CADENCE_TEST_TARGET === 'embedded';
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_APP_KEY = 'test-app-key-0123456789abcdefghijklmnop';
export const TEST_ADMIN_PASSWORD = 'admin-password';

/**
 * Where each kind of fresh test database starts: a PostgreSQL template database, or a PGlite
 * tarball with its data restore beside it (see embedded-reuse.ts).
 */
export type DatabaseTemplates = { migrated: string; seeded: string };

/** The test seed's environment: no demo catalogue, the default admin. */
export function testSeedEnv(dataDir: string, extra: Record<string, string> = {}) {
  return loadEnv(
    { APP_KEY: TEST_APP_KEY, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_CATALOGUE: 'false', ...extra },
    dataDir,
  );
}

/** Environment keys that change what the seed writes: with any of them a test seeds its own copy. */
export const SEED_INPUTS = ['SEED_DEMO_CATALOGUE', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'APP_KEY'];

export async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function seed(handle: DatabaseHandle): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-test-seed-'));
  try {
    await seedDatabase(
      handle.db,
      { ...testSeedEnv(dataDir), ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
      TEST_APP_KEY,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Migrating (about 40 migrations) and seeding (an argon2id hash among the rest) a fresh database
 * was most of every `createTestApp`: a run does it once per target and each test database starts
 * from a copy, `create database ... template` on PostgreSQL and a data-directory tarball on PGlite.
 */
export async function buildTemplates(): Promise<{ templates: DatabaseTemplates; drop: () => Promise<void> }> {
  if (isEmbeddedTarget) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-test-templates-'));
    const handle = await openDatabase({ embeddedDir: 'memory://' });
    const dump = async (name: string) => {
      const file = path.join(dir, name);
      if (!handle.snapshot) throw new Error('the embedded database cannot be dumped');
      const tarball = await handle.snapshot();
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
      // A worker's reused instance gets back to these rows without loading the tarball.
      await writeRestoreScript(handle.db, file);
      return file;
    };
    try {
      await migrateToLatest(handle.db);
      const migrated = await dump('migrated.tar');
      await seed(handle);
      const seeded = await dump('seeded.tar');
      return { templates: { migrated, seeded }, drop: () => rm(dir, { recursive: true, force: true }) };
    } finally {
      await handle.close();
    }
  }
  const suffix = randomBytes(6).toString('hex');
  const migrated = `cadence_tpl_m_${suffix}`;
  const seeded = `cadence_tpl_s_${suffix}`;
  await adminQuery(`create database ${migrated}`);
  const migratedHandle = await openDatabase({
    url: databaseUrl(migrated),
    embeddedDir: 'unused',
    poolMax: 2,
  });
  try {
    await migrateToLatest(migratedHandle.db);
  } finally {
    await migratedHandle.close();
  }
  await adminQuery(`create database ${seeded} template ${migrated}`);
  const seededHandle = await openDatabase({ url: databaseUrl(seeded), embeddedDir: 'unused', poolMax: 2 });
  try {
    await seed(seededHandle);
  } finally {
    await seededHandle.close();
  }
  return {
    templates: { migrated, seeded },
    drop: async () => {
      await adminQuery(`drop database if exists ${seeded} with (force)`);
      await adminQuery(`drop database if exists ${migrated} with (force)`);
    },
  };
}

const snapshots = new Map<string, Promise<Blob>>();

/** A worker reads each tarball once; every database it opens loads the same bytes. */
export function snapshotFrom(file: string): Promise<Blob> {
  let snapshot = snapshots.get(file);
  if (!snapshot) {
    snapshot = readFile(file).then((bytes) => new Blob([bytes]));
    snapshots.set(file, snapshot);
  }
  return snapshot;
}
