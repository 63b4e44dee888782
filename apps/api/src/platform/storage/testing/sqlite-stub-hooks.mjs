// fauxqs imports `node:sqlite` (Node >= 22.5) only for its optional on-disk persistence, which the
// tests never enable; on Node 20 this module stands in for it and fails loudly if ever used.
import { register } from 'node:module';

const stub = `export class DatabaseSync { constructor() { throw new Error('node:sqlite is not available'); } }`;
register(
  `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === 'node:sqlite') return { url: 'cadence-stub:sqlite', shortCircuit: true };
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url === 'cadence-stub:sqlite') return { format: 'module', source: ${JSON.stringify(stub)}, shortCircuit: true };
  return next(url, context);
}`)}`,
);
