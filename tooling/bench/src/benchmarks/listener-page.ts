import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { slugifyName } from '@cadence/contracts/slug';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { hasNginx, NGINX, startNginx } from '../harness/nginx';
import { findSparePort, LOOPBACK } from '../harness/ports';
import { recordResponse, startSameBytesTwin } from '../harness/same-bytes';
import type { TRunningServer } from '../harness/server-process';
import type { TPairedSample } from '../harness/stats';
import { apiTarget, prepareApiData, startTarget, type TApiData } from '../harness/targets';
import { measureThroughput } from '../harness/throughput';
import { psql } from './catalogue';
import { ensurePlayerBuilt, PLAYER_DIST } from './player-app';

/** The canonical address a visitor follows, spelled as the player and the api spell it. */
const slug = (name: string) => encodeURIComponent(slugifyName(name) || '-');

/** What makes the page the one every visitor gets: bootstrap data and the first answer, inlined. */
export function isInlinedPage(html: string): boolean {
  return html.includes('window.bootstrapData=') && html.includes('window.initialResponses=');
}

type TPageFigures = {
  twin: number[];
  nginx: number[];
  ours: number[];
  details: Record<string, unknown>;
};

async function measure(context: TContext): Promise<TPageFigures> {
  // Reused when present (player-bundle, which runs first, rebuilds it in full mode).
  await ensurePlayerBuilt(true, context.log);
  // A private copy of the build: another player build during the run must not swap its files.
  const directory = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-listener-page-'));
  const servers: TRunningServer[] = [];
  let data: TApiData | undefined;
  try {
    data = await prepareApiData(context.pinning, 'postgres');
    const staticDir = path.join(directory, 'static');
    await cp(PLAYER_DIST, path.join(staticDir, 'player', 'dist'), { recursive: true });
    const target = apiTarget(data.dataDir, data.databaseUrl);
    const api = await startTarget(
      {
        ...target,
        spec: (port) => {
          const spec = target.spec(port);
          return { ...spec, env: { ...spec.env, STATIC_DIR: staticDir } };
        },
      },
      context.pinning,
    );
    servers.push(api);
    const row = await psql(
      data.databaseUrl as string,
      `select a.id || E'\\t' || a.name || E'\\t' || coalesce((select ar.name from album_artist aa join artists ar on ar.id = aa.artist_id where aa.album_id = a.id order by aa.position limit 1), '')
       from albums a join tracks t on t.album_id = a.id group by a.id order by count(*) desc, a.id limit 1`,
    );
    const [id, albumName = '', artistName = ''] = row.split('\t');
    if (!id) throw new Error('no album with tracks in the seeded demo catalogue');
    const pagePath = `/album/${id}/${slug(artistName)}/${slug(albumName)}`;
    const recorded = await recordResponse(`${api.baseUrl}${pagePath}`, { accept: 'text/html' });
    const html = recorded.body.toString('utf8');
    if (recorded.status !== 200 || !isInlinedPage(html))
      throw new Error(
        `GET ${pagePath} answered ${recorded.status} without inlined bootstrap data and first answer`,
      );
    const twin = await startSameBytesTwin(
      { [pagePath]: recorded },
      path.join(directory, 'responses.json'),
      context.pinning,
    );
    servers.push(twin);
    let nginxUrl: string | null = null;
    if (hasNginx()) {
      await writeFile(path.join(directory, 'page.html'), recorded.body);
      const port = await findSparePort();
      const nginx = await startNginx(
        path.join(directory, 'nginx'),
        `  server {
    listen ${LOOPBACK}:${port};
    location = /healthz { return 200 'ok'; }
    location = /page { default_type 'text/html; charset=utf-8'; add_header cache-control no-store; alias ${path.join(directory, 'page.html')}; }
  }`,
        port,
        context.pinning,
      );
      servers.push(nginx);
      nginxUrl = '/page';
    } else context.log(`listener-page: nginx comparison SKIPPED: ${NGINX} not found`);

    const figures: TPageFigures = { twin: [], nginx: [], ours: [], details: {} };
    const nginxServer = servers.find((server) => server.spec.label === 'nginx');
    const pairs = context.mode.rounds * 2;
    for (let pair = 0; pair < pairs; pair++) {
      context.log(`listener-page: pair ${pair + 1}/${pairs}: same-bytes twin, nginx, ours`);
      figures.twin.push((await measureThroughput(context, twin, pagePath)).requestsPerSecond);
      if (nginxServer && nginxUrl)
        figures.nginx.push((await measureThroughput(context, nginxServer, nginxUrl)).requestsPerSecond);
      figures.ours.push((await measureThroughput(context, api, pagePath)).requestsPerSecond);
    }
    figures.details = {
      path: pagePath,
      htmlBytes: recorded.body.length,
      nginx: hasNginx() ? NGINX : `skipped: ${NGINX} not found`,
      perSecond: { twin: figures.twin, nginx: figures.nginx, ours: figures.ours },
    };
    return figures;
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await data?.dispose();
    await rm(directory, { recursive: true, force: true });
  }
}

let figures: Promise<TPageFigures> | undefined;
/** One database, one build and one set of servers feed both page metrics. */
function pageFigures(context: TContext): Promise<TPageFigures> {
  figures ??= measure(context);
  return figures;
}

const pairUp = (ceiling: number[], ours: number[]): TPairedSample[] =>
  ours.map((value, index) => ({ ceiling: ceiling[index] as number, ours: value }));

/** Three sides x six pairs of 13 s, an api first start and a player build in full mode. */
const PAGE_TIME = { expectedSeconds: { full: 330, smoke: 40 }, group: 'listener-page' } as const;

export const listenerPage: TBenchmark = {
  name: 'listener-page',
  ...PAGE_TIME,
  unit: 'req/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.5,
  goalWords:
    "GET /album/{id}/{artist}/{album} (the player's HTML with inlined bootstrap data and first answer, guest, PostgreSQL) >= 0.5x a bare Fastify answering the same bytes",
  async run(context) {
    const all = await pageFigures(context);
    return { samples: pairUp(all.twin, all.ours), details: all.details };
  },
};

export const listenerPageVsNginx: TBenchmark = {
  name: 'listener-page-vs-nginx',
  ...PAGE_TIME,
  unit: 'req/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0,
  isReportOnly: true,
  goalWords: 'the same page against nginx serving its bytes from a file (sendfile)',
  async run(context) {
    const all = await pageFigures(context);
    return { samples: pairUp(all.nginx, all.ours), details: { path: all.details.path } };
  },
};

/** Without nginx only the twin comparison can be measured. */
export const listenerPageBenchmarks: TBenchmark[] = hasNginx()
  ? [listenerPage, listenerPageVsNginx]
  : [listenerPage];
