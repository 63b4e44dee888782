import path from 'node:path';
import { AppError } from '../../platform/http/app-error';

export const storageRoot = (dataDir: string) => path.join(dataDir, 'storage');

/**
 * An absolute path inside `${DATA_DIR}/storage` for a stored relative path. Absolute paths,
 * `..` segments, backslashes and NUL bytes are refused (404: nothing to find there).
 */
export function resolveStoragePath(dataDir: string, relative: string): string {
  const root = storageRoot(dataDir);
  if (!relative || relative.includes('\0') || relative.includes('\\') || path.isAbsolute(relative)) {
    throw new AppError('not_found');
  }
  if (relative.split('/').some((segment) => segment === '..' || segment === '.'))
    throw new AppError('not_found');
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(root + path.sep)) throw new AppError('not_found');
  return resolved;
}
