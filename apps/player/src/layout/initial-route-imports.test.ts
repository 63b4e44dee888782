import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 5 "Fast": what `/` loads (the entry, the player layout and the home page) must not reach
 * react-aria through static imports; its menus, dialogs and popovers load on first use.
 * This walks the static import graph of the sources, so a new static import fails here at once,
 * before any bundle is measured.
 */
const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(srcDir, '../../..');
const FORBIDDEN = /^(react-aria|react-aria-components|react-stately|@react-aria\/|@react-stately\/)/;
/**
 * No exception: the root's I18nProvider is gone too (its module probed the browser's locale with
 * `Intl.DateTimeFormat.supportedLocalesOf` in the first render's task); react-aria reads the site's
 * language from app-shell's aria-locale.ts instead.
 */
const ALLOWED_IMPORTERS = new Set<string>();
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveFile(base: string): string | null {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

function resolveWorkspace(specifier: string): string | null {
  const [, scopeName, subpath] = specifier.match(/^@cadence\/([^/]+)\/?(.*)$/) ?? [];
  if (!scopeName) return null;
  const packageDir = join(repoRoot, 'packages', scopeName);
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const target = manifest.exports[subpath ? `./${subpath}` : '.'];
  return target ? join(packageDir, target) : null;
}

/** Every bare package a file reaches through static imports, with the chain that got there. */
function staticPackages(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = entries.map((file) => ({ file, chain: [file] }));
  const isAllowed = (file: string, name: string) =>
    FORBIDDEN.test(name) && ALLOWED_IMPORTERS.has(file.replace(`${repoRoot}/`, ''));
  while (queue.length > 0) {
    const { file, chain } = queue.shift() as { file: string; chain: string[] };
    if (seen.has(file) || /\.(css|svg|png)$/.test(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      const next = specifier.startsWith('.')
        ? resolveFile(resolve(dirname(file), specifier))
        : resolveWorkspace(specifier);
      if (next) queue.push({ file: next, chain: [...chain, next] });
      else if (!specifier.startsWith('.') && !packages.has(specifier) && !isAllowed(file, specifier))
        packages.set(specifier, chain);
    }
  }
  return packages;
}

const short = (chain: string[]) => chain.map((file) => file.replace(`${repoRoot}/`, '')).join(' -> ');

describe('the initial route (/) imports', () => {
  it('reach no react-aria package statically', () => {
    const packages = staticPackages([join(srcDir, 'main.tsx'), join(srcDir, 'routes/home-page.tsx')]);
    expect(packages.has('react-router')).toBe(true);
    expect(packages.has('@tanstack/react-query')).toBe(true);
    const offenders = [...packages]
      .filter(([name]) => FORBIDDEN.test(name))
      .map(([name, chain]) => `${name}: ${short(chain)}`);
    expect(offenders).toEqual([]);
  });
});
