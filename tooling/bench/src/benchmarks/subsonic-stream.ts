import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { findSparePort } from '../harness/ports';
import { startServer, type TRunningServer } from '../harness/server-process';
import { median } from '../harness/stats';
import { apiTarget } from '../harness/targets';
import { bodyBytes, ttfbLatencies } from './audio-range';
import { createBenchDatabase, psql } from './catalogue';
import { percentile } from './search';

/**
 * Issue 35: a Subsonic app's `stream` (signed in with `apiKey`, the way apps seek: a Range) answers
 * its first byte within 10 ms at p95. The ceiling is that budget, as `audio-range-ttfb`'s; the web
 * stream route's p95 for the same range of the same file (a guest) is kept for reference: the
 * difference is the Subsonic sign-in (token lookup, access) and the listener's limits.
 */
const MiB = 1024 * 1024;
const FILE_BYTES = 8 * MiB;
const RANGE_64K = `bytes=${2 * MiB}-${2 * MiB + 64 * 1024 - 1}`;
const TTFB_GOAL_MS = 10;
const ADMIN_EMAIL = 'bench@example.com';

/** A personal access token of the seeded admin: Subsonic's `apiKey`. */
export async function subsonicApiKey(url: string, email = ADMIN_EMAIL): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(secret).digest('hex');
  await psql(
    url,
    `insert into personal_access_tokens (user_id, name, token_hash)
     select id, 'bench subsonic', '${hash}' from users where email = '${email.replaceAll("'", "''")}'`,
  );
  return secret;
}

export const subsonicStreamTtfb: TBenchmark = {
  name: 'subsonic-stream-ttfb',
  expectedSeconds: { full: 90, smoke: 20 },
  unit: 'ms',
  direction: 'ceiling-over-ours',
  goalRatio: 1,
  goalWords: `Subsonic stream (apiKey, 64 KiB Range) time to first byte p95 <= ${TTFB_GOAL_MS} ms (ceiling = the budget; the web stream route's p95 in details)`,
  async run(context: TContext) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-subsonic-stream-'));
    const database = await createBenchDatabase();
    let api: TRunningServer | undefined;
    try {
      const first = await startServer(
        { ...apiTarget(dataDir, database.url).spec(await findSparePort()), label: 'api (migrate + seed)' },
        context.pinning,
        120_000,
      );
      await first.stop();
      await mkdir(path.join(dataDir, 'storage', 'bench'), { recursive: true });
      await writeFile(path.join(dataDir, 'storage', 'bench', 'audio-8mb.mp3'), randomBytes(FILE_BYTES));
      const id = Number.parseInt(
        await psql(
          database.url,
          `insert into tracks (name, slug, src, visibility, mime) values ('Bench Audio', 'bench-audio', 'bench/audio-8mb.mp3', 'public', 'audio/mpeg') returning id`,
        ),
        10,
      );
      const apiKey = await subsonicApiKey(database.url);
      const target = apiTarget(dataDir, database.url);
      api = await startServer(target.spec(await findSparePort()), context.pinning, target.startTimeoutMs);
      const subsonic = `${api.baseUrl}/rest/stream.view?v=1.16.1&c=bench&apiKey=${apiKey}&id=tr-${id}`;
      const web = `${api.baseUrl}/api/v1/tracks/${id}/stream`;
      // Proves the method sends the file itself: a refused call answers a short XML document.
      if ((await bodyBytes(subsonic)) !== FILE_BYTES)
        throw new Error('Subsonic stream did not send the whole file (sign-in or permissions?)');
      if (context.mode.warmupSeconds > 0)
        await ttfbLatencies(subsonic, RANGE_64K, context.mode.warmupSeconds);
      if (context.mode.warmupSeconds > 0) await ttfbLatencies(web, RANGE_64K, context.mode.warmupSeconds);
      const ours: number[] = [];
      const webP95: number[] = [];
      const pairs = context.mode.rounds * 2;
      for (let pair = 0; pair < pairs; pair++) {
        context.log(`subsonic-stream-ttfb: pair ${pair + 1}/${pairs}`);
        webP95.push(percentile(await ttfbLatencies(web, RANGE_64K, context.mode.measureSeconds), 95));
        ours.push(percentile(await ttfbLatencies(subsonic, RANGE_64K, context.mode.measureSeconds), 95));
      }
      return {
        samples: ours.map((value) => ({ ceiling: TTFB_GOAL_MS, ours: value })),
        details: {
          fileBytes: FILE_BYTES,
          range: RANGE_64K,
          oursP95Ms: ours,
          oursMedianP95Ms: median(ours),
          webStreamRouteP95Ms: webP95,
          webStreamRouteMedianP95Ms: median(webP95),
        },
      };
    } finally {
      await api?.stop();
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  },
};
