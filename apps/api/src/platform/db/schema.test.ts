import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.resolve(here, '../../modules');

/** `schema.ts` and every module's `*.tables.ts`: where the Kysely table interfaces are written. */
function tableSources(): string[] {
  const files = [path.join(here, 'schema.ts')];
  for (const module of readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, module);
    for (const file of readdirSync(dir)) if (file.endsWith('.tables.ts')) files.push(path.join(dir, file));
  }
  return files;
}

/** The top-level members of each `interface Name { ... }` of a source (nested object types skipped). */
function interfaces(source: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const match of source.matchAll(/interface\s+(\w+)(?:\s+extends[^{]+)?\s*\{/g)) {
    const members: string[] = [];
    let depth = 1;
    let line = '';
    for (let i = (match.index ?? 0) + match[0].length; i < source.length && depth > 0; i += 1) {
      const char = source[i];
      if (char === '{' || char === '(' || char === '<' || char === '[') depth += 1;
      if (char === '}' || char === ')' || char === '>' || char === ']') depth -= 1;
      if (char === '\n') {
        const member = /^\s*(?:readonly\s+)?["']?(\w+)["']?\??:/.exec(line);
        if (member) members.push(member[1] as string);
        line = '';
      } else if (depth === 1 || char === '}') line += char;
    }
    found.set(match[1] as string, [...(found.get(match[1] as string) ?? []), ...members]);
  }
  return found;
}

/** Table name -> the columns its interface declares (merged across `declare module` blocks), as `Database` maps them. */
function declaredTables(): Map<string, string[]> {
  const all = new Map<string, string[]>();
  const databaseMembers: string[] = [];
  // Comments go first: their words and arrows would be read as members and brackets.
  const sources = tableSources().map((file) =>
    readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  );
  for (const source of sources)
    for (const [name, members] of interfaces(source)) all.set(name, [...(all.get(name) ?? []), ...members]);
  for (const source of sources) {
    for (const match of source.matchAll(/interface\s+Database\s*\{([^}]*)\}/g))
      databaseMembers.push(...(match[1] as string).split('\n'));
  }
  const tables = new Map<string, string[]>();
  for (const line of databaseMembers) {
    const entry = /^\s*["']?(\w+)["']?:\s*(\w+);/.exec(line);
    if (entry) tables.set(entry[1] as string, all.get(entry[2] as string) ?? []);
  }
  return tables;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ isSeeded: false });
});
afterAll(async () => t?.close());

describe('schema.ts and the migrations', () => {
  it('every table of Database exists with exactly the columns its interface declares', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()`.execute(t.deps.db);
    const actual = new Map<string, string[]>();
    for (const row of rows)
      actual.set(row.table_name, [...(actual.get(row.table_name) ?? []), row.column_name]);
    const declared = declaredTables();
    expect(declared.size).toBeGreaterThan(20);
    const differences: string[] = [];
    for (const [table, columns] of declared) {
      const columnsInDatabase = actual.get(table);
      if (!columnsInDatabase) {
        differences.push(`${table}: no such table after the migrations`);
        continue;
      }
      const missing = columns.filter((column) => !columnsInDatabase.includes(column));
      const undeclared = columnsInDatabase.filter((column) => !columns.includes(column));
      if (missing.length > 0) differences.push(`${table}: declared but not migrated: ${missing.join(', ')}`);
      if (undeclared.length > 0)
        differences.push(`${table}: migrated but not declared: ${undeclared.join(', ')}`);
    }
    expect(differences).toEqual([]);
  });
});
