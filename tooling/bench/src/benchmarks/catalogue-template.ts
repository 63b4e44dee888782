import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiEntry } from '../harness/targets';

/**
 * The generated catalogue is built once per size into a template database and every run gets a
 * copy (`create database ... template ...`: a file copy, seconds where the 1M COPY, its indexes
 * and VACUUM take minutes). The template's name carries a hash of what makes its content: the
 * generator's source and the api's migrations and seed code. Change any of them and the next
 * run builds a new template and drops the stale one.
 */
export const TEMPLATE_PREFIX = 'cadence_bench_tpl_';

/** The sources whose change makes a template stale, relative to the api's directory. */
const API_INPUTS = ['src/platform/db/migrations', 'src/seed'];
const GENERATOR_SOURCES = ['catalogue.ts', 'catalogue-template.ts'];

export function templateName(tracks: number, hash: string): string {
  return `${TEMPLATE_PREFIX}${tracks}_${hash.slice(0, 12)}`;
}

/** Other templates of the same size: built from older sources, dropped when a new one lands. */
export function staleTemplates(names: readonly string[], current: string, tracks: number): string[] {
  const sameSize = `${TEMPLATE_PREFIX}${tracks}_`;
  return names.filter(
    (name) => name !== current && name.startsWith(sameSize) && !name.includes('_building_'),
  );
}

async function filesUnder(directory: string): Promise<string[]> {
  if (!existsSync(directory)) return [];
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Hashes each input's path and content, in a fixed order. */
export async function hashSources(files: ReadonlyArray<{ label: string; path: string }>): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.label}\0`);
    hash.update(await readFile(file.path));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The api's migrations and seed code when its sources are at hand (the monorepo); otherwise its
 * built server, which changes with them (and with more: a stale-safe fallback).
 */
export async function catalogueSourceHash(): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const apiDir = path.dirname(path.dirname(apiEntry()));
  const files = GENERATOR_SOURCES.map((name) => ({ label: `bench/${name}`, path: path.join(here, name) }));
  let apiFiles: string[] = [];
  for (const input of API_INPUTS) apiFiles = apiFiles.concat(await filesUnder(path.join(apiDir, input)));
  if (apiFiles.length === 0) apiFiles = [apiEntry()];
  for (const file of apiFiles) files.push({ label: `api/${path.relative(apiDir, file)}`, path: file });
  return hashSources(files);
}
