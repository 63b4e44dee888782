import path from 'node:path';
import { createStorage } from '../../platform/storage/get-storage';
import type { Runtime } from '../../runtime';
import { createCatalogueCache } from '../catalogue/catalogue-cache';
import { registerCatalogueCache } from '../catalogue/catalogue-invalidation';
import { createLoudnessService } from '../loudness/loudness.service';
import { createSimilarArtistsService } from '../similar-artists/similar-artists.service';
import { locateFfmpeg } from '../transcoding/ffmpeg-path';
import { createImportService } from './import.service';

/**
 * `pnpm cadence import <folder>`: pnpm runs scripts inside apps/api, so a relative folder is
 * resolved against the directory the user typed the command in (`INIT_CWD`).
 */
export async function runImportCommand(runtime: Runtime, folderArg: string | undefined): Promise<void> {
  if (!folderArg) throw new Error('Usage: cadence import <folder>');
  const { env, db, cache, probes } = runtime.deps;
  // With Redis, the running api replicas share these page stamps: imported music shows at once.
  registerCatalogueCache(
    db,
    createCatalogueCache({ cache, isShared: probes.redis !== null, ttlSeconds: env.CATALOGUE_CACHE_SECONDS }),
  );
  const folder = path.resolve(env.INIT_CWD ?? process.cwd(), folderArg);
  const storage = createStorage(env);
  const importer = createImportService({
    db,
    audioDisk: storage.get('uploads'),
    imageDisk: storage.get('public'),
    audioSrcPrefix: 'uploads/',
  });
  console.log(`Importing from ${folder}`);
  const summary = await importer.importFolder(folder, (progress) => {
    const line = `[${progress.index}/${progress.total}] ${progress.outcome.padEnd(9)} ${progress.file}`;
    console.log(progress.reason ? `${line}: ${progress.reason}` : line);
  });
  if (summary.created + summary.updated > 0) {
    const { artists } = await createSimilarArtistsService(db).recompute({});
    console.log(`Similar artists recomputed for ${artists} artists.`);
  }
  // Loudness levelling's gains of every track not measured yet (the new ones, and any before them).
  const ffmpeg = locateFfmpeg(env.FFMPEG_PATH, env.PATH).path;
  const loudness = createLoudnessService({ db, dataDir: env.DATA_DIR, storage, jobs: null, ffmpeg });
  const measured = await loudness.measureAll();
  if (measured > 0) console.log(`Loudness measured for ${measured} tracks.`);
  console.log(
    `Done in ${(summary.durationMs / 1000).toFixed(1)} s: ${summary.scanned} files, ${summary.created} created, ` +
      `${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed.length} failed; ` +
      `${summary.artistsCreated} new artists, ${summary.albumsCreated} new albums.`,
  );
  if (summary.failed.length > 0) process.exitCode = 2;
}
