import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type SettingDefinition, settingDefinitions } from './settings-definitions';
import { settingsReadElsewhere } from './settings-readers-exceptions';

/**
 * Issue 32 "every setting does what its label says, or it is gone": each key of the catalogue
 * must be read by code other than the catalogue, the seed and the admin settings form.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const scanned = ['apps', 'packages'];
const notReaders = [
  /\.(test|stories|spec)\.tsx?$/,
  /\/test\//,
  /\/test-utils\.tsx?$/,
  /\/apps\/api\/src\/seed\//,
  /\/apps\/api\/src\/modules\/settings\/settings-definitions\.ts$/,
  // The catalogue itself and the admin's form sections declared beside it.
  /\/packages\/contracts\/src\/settings\//,
  /\/apps\/api\/src\/modules\/settings\/settings-readers-exceptions\.ts$/,
  /\/apps\/admin\/src\/routes\/settings\//,
  // Declares the variables; the code that uses one reads it as `env.NAME` elsewhere.
  /\/apps\/api\/src\/env\.ts$/,
];

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, found);
    else if (/\.tsx?$/.test(entry.name) && !notReaders.some((pattern) => pattern.test(full)))
      found.push(full);
  }
  return found;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const chain = (segments: string[]) => segments.map(escapeRegex).join('\\??\\.');

/**
 * What counts as reading a key: its name quoted (`get('player.hide_queue')`), its accessor chain
 * (`settings.player?.hide_queue`), its last step in a file that names its group
 * (`player` ... `raw.hide_queue`), or its environment variable (`env.MAIL_HOST`).
 */
function readPatterns(key: string, definition: SettingDefinition): RegExp[] {
  const segments = key.split('.');
  const patterns = [new RegExp(`['"\`]${escapeRegex(key)}['"\`]`)];
  if (segments.length > 1) patterns.push(new RegExp(`\\b${chain(segments)}\\b`));
  if (definition.env) patterns.push(new RegExp(`\\b${escapeRegex(definition.env)}\\b`));
  return patterns;
}

function isReadByGroup(key: string, source: string): boolean {
  const segments = key.split('.');
  if (segments.length < 2) return false;
  const group = segments.slice(0, -1);
  const tail = segments.length > 2 ? segments.slice(-2) : segments.slice(-1);
  const leaf = escapeRegex(segments[segments.length - 1] as string);
  return (
    new RegExp(`\\b${escapeRegex(group[0] as string)}\\b`).test(source) &&
    (new RegExp(`\\??\\.${chain(tail)}\\b`).test(source) ||
      new RegExp(`\\{[^}=]*\\b${leaf}\\b[^}=]*\\}\\s*=\\s*[\\w.?]*\\b${chain(group)}\\b`).test(source))
  );
}

/**
 * Keys built at run time (`` `seo.${page}` ``, `` `social.${provider}.enable` ``): each template
 * literal with enough fixed text becomes a pattern whose placeholders stand for one key segment.
 */
function templateKeyPatterns(source: string): RegExp[] {
  const patterns: RegExp[] = [];
  for (const [, body] of source.matchAll(/`([a-z_.]*\$\{[^`]*)`/gi)) {
    const parts = (body as string).split(/\$\{[^}]*\}/);
    if (parts.join('').replace(/[^a-z]/gi, '').length < 2 || /[^a-z0-9_.]/i.test(parts.join(''))) continue;
    // A dotted key's segment may hold underscores (`seo.${page}`); an env key's part may not (`${service}_id`).
    const placeholder = parts.join('').includes('.') ? '[a-z0-9_]+' : '[a-z0-9]+';
    patterns.push(new RegExp(`^${parts.map(escapeRegex).join(placeholder)}$`, 'i'));
  }
  return patterns;
}

function unreadKeys(): string[] {
  const sources = scanned
    .flatMap((dir) => sourceFiles(path.join(repoRoot, dir)))
    .map((file) => readFileSync(file, 'utf8'));
  const templates = sources.flatMap(templateKeyPatterns);
  const entries = Object.entries(settingDefinitions) as [string, SettingDefinition][];
  return entries
    .filter(([key, definition]) => {
      const patterns = readPatterns(key, definition);
      const isBuilt = templates.some((pattern) => pattern.test(key) || pattern.test(definition.env ?? ''));
      return (
        !isBuilt &&
        !sources.some(
          (source) => patterns.some((pattern) => pattern.test(source)) || isReadByGroup(key, source),
        )
      );
    })
    .map(([key]) => key);
}

describe('settings catalogue', () => {
  const unread = unreadKeys();

  it('has no key that nothing reads, apart from the listed exceptions', () => {
    const unexplained = unread.filter((key) => !Object.hasOwn(settingsReadElsewhere, key));
    expect(unexplained).toEqual([]);
  });

  it('lists as exceptions only keys of the catalogue, each with its reason', () => {
    for (const [key, reason] of Object.entries(settingsReadElsewhere)) {
      expect(Object.hasOwn(settingDefinitions, key), key).toBe(true);
      expect(reason.length, key).toBeGreaterThan(20);
    }
  });
});
