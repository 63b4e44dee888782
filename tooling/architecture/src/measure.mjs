// The api's shape, measured: where SQL lives, which way imports point, whether contracts and
// env reads are declared once. `check.mjs` turns these figures into pass/fail against the goals.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

const WORKSPACES = { '@cadence/': 'packages/' };

/** Resolves a relative or `@cadence/<pkg>/<sub>` specifier to a tracked file, or null for externals. */
function resolver(root, fileSet) {
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
      const [, pkg, ...rest] = specifier.split('/');
      const dir = `${WORKSPACES['@cadence/']}${pkg}`;
      if (!existsSync(path.join(root, dir))) return null;
      base = `${dir}/src/${rest.length ? rest.join('/') : 'index'}`;
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

export function measure(root) {
  const files = trackedFiles(root);
  const graph = importGraph(root, files);
  return {
    queries: measureQueries(root, files),
    platformToModules: platformToModuleImports(graph),
    packagesToApps: packageToAppImports(graph),
    cycles: cycles(graph),
    duplicateContracts: duplicateContracts(root, files),
    inlineRouteSchemas: inlineRouteSchemas(root, files),
    unvalidatedEnvReads: unvalidatedEnvReads(root, files),
    longBillingFiles: longFiles(root, files, 'apps/api/src/modules/billing/', 300),
  };
}
