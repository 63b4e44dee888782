import type { TestProject } from 'vitest/node';
import { buildTemplates, type DatabaseTemplates } from './database-templates';

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's migrated and seeded database templates (see database-templates.ts). */
    databaseTemplates: DatabaseTemplates;
  }
}

let drop: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  const built = await buildTemplates();
  drop = built.drop;
  project.provide('databaseTemplates', built.templates);
}

export async function teardown() {
  await drop?.();
}
