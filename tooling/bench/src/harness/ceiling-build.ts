import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Ceilings run under plain `node`, as the api does from its dist: starting them through tsx
 * would add the loader's start-up time and memory to the ceiling and flatter our ratios.
 * The output stays inside the package so `fastify` resolves from its node_modules.
 */
export async function buildCeiling(name: string): Promise<string> {
  const source = path.join(PACKAGE_DIR, 'src', 'ceilings', `${name}.ts`);
  const target = path.join(PACKAGE_DIR, 'dist', 'ceilings', `${name}.mjs`);
  const output = ts.transpileModule(await readFile(source, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023 },
    fileName: source,
  });
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, output.outputText);
  return target;
}

export { PACKAGE_DIR };
