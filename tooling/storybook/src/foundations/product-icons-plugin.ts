import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ID = 'virtual:cadence-product-icons';
const RESOLVED = `\0${ID}`;
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const ICON_IMPORT = /from ['"]lucide-react\/icons\/([a-z0-9-]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every lucide icon the product's apps and packages import, with where each is used. */
export function findProductIcons(): { name: string; usedIn: string[] }[] {
  const usedIn = new Map<string, Set<string>>();
  for (const group of ['apps', 'packages']) {
    for (const workspace of readdirSync(join(repoRoot, group))) {
      let files: string[];
      try {
        files = sourceFiles(join(repoRoot, group, workspace, 'src'));
      } catch {
        continue;
      }
      for (const file of files) {
        for (const [, name] of readFileSync(file, 'utf8').matchAll(ICON_IMPORT)) {
          if (!name) continue;
          const where = usedIn.get(name) ?? new Set<string>();
          where.add(relative(repoRoot, join(repoRoot, group, workspace)));
          usedIn.set(name, where);
        }
      }
    }
  }
  return [...usedIn]
    .map(([name, where]) => ({ name, usedIn: [...where].sort() }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * `virtual:cadence-product-icons`: the Foundations' icon set, found in the sources at build time
 * (so a new icon in a component shows up without a list to keep), each icon imported by itself,
 * and the stylesheets that define the tokens (`@cadence/ui/styles.css`, Tailwind's theme).
 */
export function productIconsPlugin(): Plugin {
  return {
    name: 'cadence-product-icons',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const icons = findProductIcons();
      const imports = icons.map((icon, i) => `import I${i} from 'lucide-react/icons/${icon.name}';`);
      const entries = icons.map(
        (icon, i) =>
          `{ name: ${JSON.stringify(icon.name)}, usedIn: ${JSON.stringify(icon.usedIn)}, Icon: I${i} }`,
      );
      // The stylesheets that define the tokens, as text (vitest blanks imported CSS, `?raw` too).
      const uiStyles = readFileSync(join(repoRoot, 'packages/ui/src/styles.css'), 'utf8');
      const tailwindTheme = readFileSync(
        createRequire(import.meta.url).resolve('tailwindcss/theme.css'),
        'utf8',
      );
      return [
        ...imports,
        `export const productIcons = [${entries.join(',\n')}];`,
        `export const uiStylesCss = ${JSON.stringify(uiStyles)};`,
        `export const tailwindThemeCss = ${JSON.stringify(tailwindTheme)};`,
      ].join('\n');
    },
  };
}
