import { buildCeiling, PACKAGE_DIR } from './ceiling-build';
import type { TPinning } from './cores';
import { findSparePort, LOOPBACK } from './ports';
import { startServer, type TRunningServer } from './server-process';

/**
 * Builds `src/ceilings/<name>.ts` and runs it under plain `node` on a spare loopback port, with
 * nothing from the shell's environment but PATH and what the ceiling is given in `env`.
 */
export async function startCeiling(
  name: string,
  pinning: TPinning,
  env: Record<string, string>,
  options: { label?: string; readyPath?: string } = {},
): Promise<TRunningServer> {
  const entry = await buildCeiling(name);
  const port = await findSparePort();
  const readyPath = options.readyPath ?? '/';
  return startServer(
    {
      label: options.label ?? name,
      command: process.execPath,
      args: [entry],
      cwd: PACKAGE_DIR,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        NODE_ENV: 'production',
        HOST: LOOPBACK,
        PORT: String(port),
        ...env,
      },
      port,
      readyPath,
    },
    pinning,
    15_000,
  );
}
