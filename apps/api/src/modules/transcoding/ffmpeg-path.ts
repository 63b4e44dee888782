import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type FfmpegLocation = {
  /** null: no binary anywhere, so nothing is transcoded or measured (originals are still served). */
  path: string | null;
  /** `env`: FFMPEG_PATH; `system`: found on PATH (Debian's); `package`: @ffmpeg-installer/ffmpeg. */
  source: 'env' | 'system' | 'package' | 'missing';
};

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(searchPath: string | undefined): string | null {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'ffmpeg');
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The binary shipped by the optional npm package, so a fresh `npm start` can transcode without apt. */
function fromPackage(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const installer = require('@ffmpeg-installer/ffmpeg') as { path?: string };
    return installer.path && isExecutable(installer.path) ? installer.path : null;
  } catch {
    return null;
  }
}

/**
 * Where ffmpeg is, found once at start: the configured path (trusted as given, so a wrong one shows
 * in `/ready` rather than being replaced silently), else the system's, else the npm package's.
 */
export function locateFfmpeg(configured: string | undefined, searchPath: string | undefined): FfmpegLocation {
  if (configured) return { path: configured, source: 'env' };
  const system = onPath(searchPath);
  if (system) return { path: system, source: 'system' };
  const packaged = fromPackage();
  if (packaged) return { path: packaged, source: 'package' };
  return { path: null, source: 'missing' };
}
