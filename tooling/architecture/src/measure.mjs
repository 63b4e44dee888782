// The api's shape, measured: where SQL lives, which way imports point, whether contracts and
// env reads are declared once. `check.mjs` turns these figures into pass/fail against the goals.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const QUERY_CALL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:`|<|\.(?:ref|raw|lit|join|id|table|val)\()/g;

const isTest = (file) => /\.(test|test-helper|fuzz\.test)\.tsx?$|(^|\/)test\//.test(file);

/** Tracked TypeScript files (git knows what belongs to the project; build output is ignored). */
export function trackedFiles(root) {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return out
    .split('\n')
    .filter(Boolean)
    .filter((file) => existsSync(path.join(root, file)) && !file.includes('node_modules/'));
}

/** Strip comments so a sentence mentioning `selectFrom` or `process.env` is not counted. */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function apiSources(files) {
  return files.filter(
    (file) =>
      file.startsWith('apps/api/src/') &&
      file.endsWith('.ts') &&
      !isTest(file) &&
      !file.includes('/db/migrations/'),
  );
}

function kindOf(file) {
  if (file.endsWith('.repository.ts')) return 'repository';
  if (file.endsWith('.service.ts')) return 'service';
  if (file.endsWith('.routes.ts')) return 'routes';
  return 'other';
}

/** Seeds are data scripts run once, like migrations; fixtures only serve tests. */
const isDataScript = (file) => file.startsWith('apps/api/src/seed/') || file.endsWith('.fixture.ts');

export function measureQueries(root, files) {
  const byKind = { repository: 0, service: 0, routes: 0, other: 0 };
  const outside = [];
  const routeFiles = [];
  for (const file of apiSources(files).filter((file) => !isDataScript(file))) {
    const count = (code(readFileSync(path.join(root, file), 'utf8')).match(QUERY_CALL) ?? []).length;
    if (count === 0) continue;
    const kind = kindOf(file);
    byKind[kind] += count;
    if (kind !== 'repository') outside.push({ file, count });
    if (kind === 'routes') routeFiles.push(file);
  }
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  return {
    byKind,
    total,
    inRepositoriesPercent: total === 0 ? 100 : Math.round((byKind.repository / total) * 1000) / 10,
    routeFilesWithSql: routeFiles,
    outside: outside.sort((a, b) => b.count - a.count),
  };
}

/** Workspace packages by name: their folder and `exports` map (apps, packages and tooling alike). */
export function workspaces(root) {
  const found = new Map();
  for (const group of ['apps', 'packages', 'tooling']) {
    const groupDir = path.join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const dir of readdirSync(groupDir)) {
      const file = path.join(groupDir, dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      found.set(pkg.name, { name: pkg.name, dir: `${group}/${dir}`, exports: pkg.exports ?? null });
    }
  }
  return found;
}

/** The file an `exports` map gives for `./sub` (exact key or one `*` pattern), or undefined. */
function exportTarget(exportsMap, sub) {
  if (!exportsMap || typeof exportsMap !== 'object') return undefined;
  const key = sub ? `./${sub}` : '.';
  const direct = exportsMap[key];
  if (typeof direct === 'string') return direct;
  if (direct && typeof direct === 'object') return direct.import ?? direct.default ?? direct.types;
  for (const [pattern, target] of Object.entries(exportsMap)) {
    if (!pattern.includes('*') || typeof target !== 'string') continue;
    const [head, tail] = pattern.split('*');
    if (key.startsWith(head) && key.endsWith(tail) && key.length >= head.length + tail.length)
      return target.replace('*', key.slice(head.length, key.length - tail.length));
  }
  return undefined;
}

/** `@cadence/<pkg>[/<sub>]` split into the package name and the subpath. */
export function splitSpecifier(specifier) {
  const [scope, pkg, ...rest] = specifier.split('/');
  return { name: `${scope}/${pkg}`, sub: rest.join('/') };
}

/** Resolves a relative or `@cadence/<pkg>/<sub>` specifier to a tracked file, or null for externals. */
function resolver(root, fileSet, packages = workspaces(root)) {
  const candidates = (base) => [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
    base.replace(/\.js$/, '.ts'),
  ];
  return (from, specifier) => {
    let base;
    if (specifier.startsWith('.'))
      base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
    else if (specifier.startsWith('@cadence/')) {
      const { name, sub } = splitSpecifier(specifier);
      const pkg = packages.get(name);
      if (!pkg) return null;
      const target = exportTarget(pkg.exports, sub);
      base = target
        ? path.posix.normalize(path.posix.join(pkg.dir, target))
        : `${pkg.dir}/src/${sub || 'index'}`;
    } else return null;
    return candidates(base).find((candidate) => fileSet.has(candidate)) ?? null;
  };
}

/** Import edges (value and type imports alike: a type cycle still ties files together). */
export function importGraph(root, files) {
  const sources = files.filter((file) => /^(apps|packages)\/[^/]+\/src\//.test(file) && !isTest(file));
  const fileSet = new Set(files);
  const resolve = resolver(root, fileSet);
  const graph = new Map();
  for (const file of sources) {
    const info = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    const targets = new Set();
    for (const ref of info.importedFiles) {
      const target = resolve(file, ref.fileName);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of two or more files (Tarjan), i.e. the import cycles. */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (node) => {
    idx.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    on.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!idx.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (on.has(next)) low.set(node, Math.min(low.get(node), idx.get(next)));
    }
    if (low.get(node) !== idx.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      on.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!idx.has(node)) visit(node);
  return found;
}

export function platformToModuleImports(graph) {
  const found = [];
  for (const [from, targets] of graph) {
    if (!from.startsWith('apps/api/src/platform/')) continue;
    for (const target of targets) {
      // Platform sits below every feature and below the composition root beside app.ts.
      if (target.startsWith('apps/api/src/modules/') || /^apps\/api\/src\/[^/]+\.ts$/.test(target)) {
        if (target === 'apps/api/src/env.ts') continue;
        found.push(`${from} -> ${target}`);
      }
    }
  }
  return found;
}

export function packageToAppImports(graph) {
  const found = [];
  for (const [from, targets] of graph) {
    if (!from.startsWith('packages/')) continue;
    for (const target of targets) if (target.startsWith('apps/')) found.push(`${from} -> ${target}`);
  }
  return found;
}

/**
 * Imports that cross from one app into another, or from tooling into an app's files.
 * An app is deployed on its own: what two apps share lives in `packages/`. Tooling (e2e, bench,
 * faults, storybook) may use an app only through what the app declares in its `exports` (its
 * public face: a built entry, a test helper, seed data), never by a relative path into its
 * folder. Stylesheets count for apps (`@import`/`@source` of another app's files); tooling's
 * Tailwind `@source` lines only scan the apps' stories for class names and are left alone.
 */
export function appBoundaryImports(root, packages = workspaces(root)) {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'apps', 'tooling'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => /\.(ts|tsx|mts|mjs|js|cjs|css)$/.test(file) && !file.includes('node_modules/'))
    .filter((file) => existsSync(path.join(root, file)));
  const appOf = (file) => file.match(/^apps\/([^/]+)\//)?.[1];
  const apps = new Map(
    [...packages.values()].filter((p) => p.dir.startsWith('apps/')).map((p) => [p.name, p]),
  );
  const found = [];
  for (const file of listed) {
    const fromApp = appOf(file);
    const isTooling = file.startsWith('tooling/');
    if (!fromApp && !isTooling) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    const specifiers = file.endsWith('.css')
      ? [...text.matchAll(/@(import|source)\s+(?:url\()?["']([^"']+)["']/g)]
          .filter((match) => fromApp || match[1] === 'import')
          .map((match) => match[2])
      : ts.preProcessFile(text, true, true).importedFiles.map((ref) => ref.fileName);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        const toApp = appOf(target);
        if (toApp && toApp !== fromApp) found.push(`${file} -> ${specifier}`);
        continue;
      }
      if (!specifier.startsWith('@cadence/')) continue;
      const { name, sub } = splitSpecifier(specifier);
      const app = apps.get(name);
      if (!app || app.dir === `apps/${fromApp}`) continue;
      if (fromApp || exportTarget(app.exports, sub) === undefined) found.push(`${file} -> ${specifier}`);
    }
  }
  return found;
}

/**
 * The api's music modules (design/music-domain.md: catalogue, listening and social, discovery).
 * The admin's and the artists' modules sit above them and may import them; these should form
 * a graph without module-level cycles, the catalogue at the bottom.
 */
export const MUSIC_MODULES = [
  'catalogue',
  'artists',
  'albums',
  'tracks',
  'genres',
  'tags',
  'lyrics',
  'playlists',
  'library',
  'plays',
  'comments',
  'channels',
  'radio',
  'similar-artists',
  'search',
];

/** Module-level import graph among the music modules (a file's imports lifted to its module). */
export function musicModuleGraph(graph, modules = MUSIC_MODULES) {
  const moduleOf = (file) => {
    const name = file.match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1];
    return name && modules.includes(name) ? name : undefined;
  };
  const lifted = new Map(modules.map((name) => [name, new Set()]));
  for (const [from, targets] of graph) {
    const a = moduleOf(from);
    if (!a) continue;
    for (const target of targets) {
      const b = moduleOf(target);
      if (b && b !== a) lifted.get(a).add(b);
    }
  }
  return lifted;
}

/**
 * The repository shape of each `*.repository.ts` in the api: `functions` (plain exported
 * functions taking the executor, the Kysely example's shape), `object` (an exported object
 * literal whose methods take `db`) or `factory` (`createXRepository(db)` returning methods).
 */
export function repositoryShapes(root, files) {
  return files
    .filter((file) => file.startsWith('apps/api/src/') && file.endsWith('.repository.ts') && !isTest(file))
    .map((file) => {
      const text = code(readFileSync(path.join(root, file), 'utf8'));
      const shape =
        /\bexport\s+(?:async\s+)?(?:function\s+create\w*Repository\b|const\s+create\w*Repository\s*=)/.test(
          text,
        )
          ? 'factory'
          : /\bexport\s+const\s+\w+Repository\s*(?::[^=]+)?=\s*\{/.test(text)
            ? 'object'
            : 'functions';
      return { file, shape };
    });
}

/** Zod schema names (`ZThingSchema`) declared more than once across the contracts and the api. */
export function duplicateContracts(root, files) {
  const declared = new Map();
  const scope = files.filter(
    (file) =>
      (file.startsWith('packages/contracts/src/') || file.startsWith('apps/api/src/')) &&
      !isTest(file) &&
      !file.includes('/db/migrations/'),
  );
  for (const file of scope) {
    const text = code(readFileSync(path.join(root, file), 'utf8'));
    for (const match of text.matchAll(/\b(?:const|let|var)\s+(Z\w+Schema)\b/g)) {
      const list = declared.get(match[1]) ?? [];
      list.push(file);
      declared.set(match[1], list);
    }
    if (!file.startsWith('packages/contracts/')) continue;
    for (const match of text.matchAll(/\bexport\s+(?:type|interface)\s+(T\w+)\b/g)) {
      const key = `type ${match[1]}`;
      const list = declared.get(key) ?? [];
      list.push(file);
      declared.set(key, list);
    }
  }
  return [...declared].filter(([, where]) => where.length > 1).map(([name, where]) => ({ name, where }));
}

/** Route files that declare zod schemas themselves instead of importing the contract. */
export function inlineRouteSchemas(root, files) {
  return apiSources(files).filter(
    (file) =>
      file.endsWith('.routes.ts') &&
      /\bz\.(object|string|number|coerce|enum|array|union)\(/.test(
        code(readFileSync(path.join(root, file), 'utf8')),
      ),
  );
}

/** `process.env` outside env.ts, and `env.vars` (the unvalidated pass-through), in the api. */
export function unvalidatedEnvReads(root, files) {
  const found = [];
  for (const file of apiSources(files)) {
    if (file === 'apps/api/src/env.ts') continue;
    const text = code(readFileSync(path.join(root, file), 'utf8'));
    const count = (text.match(/\bprocess\.env\b|\benv\.vars\b|\.env\.vars\b/g) ?? []).length;
    if (count > 0) found.push({ file, count });
  }
  return found;
}

/** Source files (tests aside) under `dir` longer than `max` lines: a module cut into rooms stays cut. */
export function longFiles(root, files, dir, max) {
  return files
    .filter((file) => file.startsWith(dir) && /\.tsx?$/.test(file) && !isTest(file))
    .map((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return { file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) };
    })
    .filter((entry) => entry.lines > max);
}

/**
 * Imports of a workspace package whose TypeScript project the importer's `tsconfig.json` does not
 * reference. `tsc -b` checks each project against its references' emitted declarations, so such
 * an import fails as TS6307 ("not listed within the file list of project") or, where an old
 * declaration is left over, type-checks against stale types.
 */
export function missingProjectReferences(root, files, packages = workspaces(root)) {
  const readConfig = (file) => ts.readConfigFile(file, ts.sys.readFile).config ?? {};
  const referencesOf = (dir) =>
    new Set(
      (readConfig(path.join(root, dir, 'tsconfig.json')).references ?? []).map((ref) =>
        path.posix.normalize(path.posix.join(dir, ref.path)),
      ),
    );
  const projects = referencesOf('.');
  const byDir = [...packages.values()].filter((p) => projects.has(p.dir));
  const found = new Map();
  for (const file of files) {
    const owner = byDir.find((p) => file.startsWith(`${p.dir}/`));
    if (!owner) continue;
    const references = referencesOf(owner.dir);
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('@cadence/')) continue;
      const target = packages.get(splitSpecifier(fileName).name);
      if (!target || target === owner || !projects.has(target.dir)) continue;
      const pair = `${owner.dir} -> ${target.dir}`;
      if (!references.has(target.dir) && !found.has(pair)) found.set(pair, `${pair} (first in ${file})`);
    }
  }
  return [...found.values()];
}

export function measure(root) {
  const files = trackedFiles(root);
  const graph = importGraph(root, files);
  return {
    queries: measureQueries(root, files),
    platformToModules: platformToModuleImports(graph),
    packagesToApps: packageToAppImports(graph),
    cycles: cycles(graph),
    appBoundary: appBoundaryImports(root),
    musicModuleCycles: cycles(musicModuleGraph(graph)),
    repositoryShapes: repositoryShapes(root, files),
    duplicateContracts: duplicateContracts(root, files),
    inlineRouteSchemas: inlineRouteSchemas(root, files),
    unvalidatedEnvReads: unvalidatedEnvReads(root, files),
    longBillingFiles: longFiles(root, files, 'apps/api/src/modules/billing/', 300),
    missingProjectReferences: missingProjectReferences(root, files),
  };
}
