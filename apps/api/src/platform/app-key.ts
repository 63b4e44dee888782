import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** APP_KEY from env, else the one generated on first start and kept in `${DATA_DIR}/app-key`. */
export async function resolveAppKey(appKey: string | undefined, dataDir: string): Promise<string> {
  if (appKey) return appKey;
  const file = path.join(dataDir, 'app-key');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  // `wx` fails if another process won the race; then read theirs.
  try {
    await writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch {
    return (await readFile(file, 'utf8')).trim();
  }
}
