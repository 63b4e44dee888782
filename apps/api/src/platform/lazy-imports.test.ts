import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Heavy libraries load on first use (dynamic `import()`, or `lazyRequire` for CommonJS ones a
 * sync caller needs: stripe, web-push, sanitize-html; the XML and zip libraries of data exports
 * and playlist imports), so a start pays for none of them
 * (see tooling/bench: ready-time, idle-rss). A static import anywhere the server reaches would
 * undo that; only these modules, themselves imported dynamically, may import them statically.
 */
const HEAVY =
  /^import\s+(?!type\b)[^;]*?from\s+'(sharp|bullmq|@aws-sdk\/[^']+|@tus\/(?:file-store|s3-store|server)|nodemailer|arctic|qrcode|file-type|music-metadata|smtp-server|stripe|web-push|sanitize-html|fast-xml-parser|fflate)'/gm;
const LAZY_MODULES = new Set([
  'platform/storage/s3-sdk.ts',
  'platform/jobs/redis-queue.ts',
  'modules/tus/tus-s3-store.ts',
  // The tus Redis locker, created with the tus server on the first upload.
  'modules/tus/redis-locker.ts',
  // The import CLI (dist/cli.js), never the server bundle.
  'modules/import/metadata-reader.ts',
  // The loopback SMTP peer of the mail tests.
  'modules/auth/smtp-peer.ts',
  // A data export's archive (fflate, XSPF through fast-xml-parser), built by its job.
  'modules/data-export/build-data-export.ts',
  'modules/data-export/export-formats.ts',
  // An uploaded playlist file (XSPF through fast-xml-parser).
  'modules/playlist-import/parse-playlist-file.ts',
]);

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    }),
  );
  return nested.flat();
}

describe('heavy libraries', () => {
  it('are imported statically only by the modules that are themselves loaded on demand', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const file of await sourceFiles(root)) {
      const relative = path.relative(root, file);
      if (LAZY_MODULES.has(relative)) continue;
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(HEAVY)) offenders.push(`${relative}: ${match[1]}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the on-demand modules are reached only through import()', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const names = ['s3-sdk', 'redis-queue', 'tus-s3-store', 'build-data-export', 'parse-playlist-file'];
    for (const file of await sourceFiles(root)) {
      const text = await readFile(file, 'utf8');
      for (const name of names) {
        const isStatic = new RegExp(`^import\\s+(?!type\\b)[^;]*?from\\s+'[./]+[^']*/${name}'`, 'm').test(
          text,
        );
        if (isStatic) offenders.push(`${path.relative(root, file)} -> ${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
