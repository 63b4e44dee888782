#!/usr/bin/env node
// Measures the api's architecture and fails when a goal is missed. Goals not reached yet are
// held by a ratchet (`baseline.json`): a figure may improve, never get worse (the percentage
// has two points of slack); `--update`
// rewrites the baseline after an improvement.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure } from './measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const baselineFile = path.join(here, '..', 'baseline.json');

const result = measure(root);
const figures = {
  'query-builder calls in repositories (%)': {
    value: result.queries.inRepositoriesPercent,
    goal: 95,
    higherIsBetter: true,
  },
  'route files with SQL': { value: result.queries.routeFilesWithSql.length, goal: 0 },
  'platform -> module imports': { value: result.platformToModules.length, goal: 0 },
  'package -> app imports': { value: result.packagesToApps.length, goal: 0 },
  'import cycles': { value: result.cycles.length, goal: 0 },
  'app -> app and tooling -> app imports': { value: result.appBoundary.length, goal: 0 },
  'music module cycles': { value: result.musicModuleCycles.length, goal: 0 },
  'music modules in cycles': {
    value: result.musicModuleCycles.reduce((sum, component) => sum + component.length, 0),
    goal: 0,
  },
  'repository shapes in use': { value: new Set(result.repositoryShapes.map((r) => r.shape)).size, goal: 1 },
  'repositories not of plain functions': {
    value: result.repositoryShapes.filter((r) => r.shape !== 'functions').length,
    goal: 0,
  },
  'duplicate contract names': { value: result.duplicateContracts.length, goal: 0 },
  'route files declaring zod schemas': { value: result.inlineRouteSchemas.length, goal: 0 },
  'unvalidated env reads': {
    value: result.unvalidatedEnvReads.reduce((sum, entry) => sum + entry.count, 0),
    goal: 0,
  },
  'billing files over 300 lines': { value: result.longBillingFiles.length, goal: 0 },
  'workspace imports without a project reference': { value: result.missingProjectReferences.length, goal: 0 },
};

const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
if (process.argv.includes('--update')) {
  for (const [name, figure] of Object.entries(figures)) baseline[name] = figure.value;
  writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
}

const details = {
  'route files with SQL': result.queries.routeFilesWithSql,
  'platform -> module imports': result.platformToModules,
  'package -> app imports': result.packagesToApps,
  'import cycles': result.cycles.map((cycle) => cycle.join(' <-> ')),
  'app -> app and tooling -> app imports': result.appBoundary,
  'music module cycles': result.musicModuleCycles.map((component) => component.join(' <-> ')),
  'music modules in cycles': result.musicModuleCycles.map((component) => component.join(' <-> ')),
  'repository shapes in use': ['functions', 'object', 'factory'].map(
    (shape) => `${shape}: ${result.repositoryShapes.filter((r) => r.shape === shape).length} files`,
  ),
  'repositories not of plain functions': result.repositoryShapes
    .filter((r) => r.shape !== 'functions')
    .map((r) => `${r.file} (${r.shape})`),
  'duplicate contract names': result.duplicateContracts.map((d) => `${d.name}: ${d.where.join(', ')}`),
  'route files declaring zod schemas': result.inlineRouteSchemas,
  'unvalidated env reads': result.unvalidatedEnvReads.map((e) => `${e.file} (${e.count})`),
  'billing files over 300 lines': result.longBillingFiles.map((e) => `${e.file} (${e.lines})`),
  'workspace imports without a project reference': result.missingProjectReferences,
  'query-builder calls in repositories (%)': result.queries.outside.map((o) => `${o.file} (${o.count})`),
};

let failed = false;
const { byKind, total } = result.queries;
console.log(
  `query-builder calls: ${total} (repositories ${byKind.repository}, services ${byKind.service}, routes ${byKind.routes}, other ${byKind.other})`,
);
for (const [name, { value, goal, higherIsBetter }] of Object.entries(figures)) {
  const met = higherIsBetter ? value >= goal : value <= goal;
  const held = baseline[name];
  // A percentage moves with every file anyone adds: two points of slack before it counts as worse.
  const slack = higherIsBetter ? 2 : 0;
  const worse = held !== undefined && (higherIsBetter ? value < held - slack : value > held);
  const status = met ? 'ok' : worse ? 'WORSE' : 'below goal (held at baseline)';
  if (worse || (!met && held === undefined)) failed = true;
  console.log(
    `${status.padEnd(30)} ${name}: ${value} (goal ${higherIsBetter ? '>=' : '<='} ${goal}, baseline ${held ?? '-'})`,
  );
  if ((!met || worse) && process.argv.includes('--verbose')) {
    for (const line of details[name] ?? []) console.log(`    ${line}`);
  }
}
if (failed) {
  console.error('\narchitecture check failed: a figure got worse than its baseline (run with --verbose)');
  process.exit(1);
}
