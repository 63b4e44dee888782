import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashSources, staleTemplates, TEMPLATE_PREFIX, templateName } from './catalogue-template';

describe('catalogue templates', () => {
  let directory: string | undefined;
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('names a template by size and source hash', () => {
    expect(templateName(1_000_000, 'abcdef0123456789')).toBe(`${TEMPLATE_PREFIX}1000000_abcdef012345`);
  });

  it('finds the stale templates of the same size only, never one being built', () => {
    const current = templateName(2000, 'aaaaaaaaaaaa');
    const names = [
      current,
      templateName(2000, 'bbbbbbbbbbbb'),
      templateName(1_000_000, 'bbbbbbbbbbbb'),
      `${templateName(2000, 'cccccccccccc')}_building_1234`,
      'cadence_bench_1234',
    ];
    expect(staleTemplates(names, current, 2000)).toEqual([templateName(2000, 'bbbbbbbbbbbb')]);
  });

  it('changes the hash when a source changes and keeps it when nothing does', async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'bench-template-'));
    const migration = path.join(directory, 'migration.ts');
    const files = [{ label: 'api/migration.ts', path: migration }];
    await writeFile(migration, 'create table tracks');
    const before = await hashSources(files);
    expect(await hashSources(files)).toBe(before);
    await writeFile(migration, 'create table tracks (id int)');
    expect(await hashSources(files)).not.toBe(before);
  });
});
