import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { StorageDriver } from '../../platform/storage/storage';
import { absoluteUrl, playerPaths } from './seo-urls';
import type { TSitemapRow, TSitemapSource } from './sitemap.repository';
import * as sitemapRepository from './sitemap.repository';

/** sitemaps.org: at most 50,000 urls per file and 50,000 sitemaps per index. */
export const SITEMAP_MAX_URLS = 50_000;
const BATCH = 5_000;
const FOLDER = 'sitemaps';
export const SITEMAP_INDEX_FILE = 'sitemap-index.xml';
/** `{source}-{n}.xml`: the files the index lists, served at `/sitemap-{source}-{n}.xml`. */
export const SITEMAP_FILE = /^(?:artists|albums|tracks|playlists|channels|pages)-\d{1,6}\.xml$/;
const SOURCES: TSitemapSource[] = ['channels', 'pages', 'artists', 'albums', 'tracks', 'playlists'];

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

function pathOf(source: TSitemapSource, row: TSitemapRow): string {
  switch (source) {
    case 'artists':
      return playerPaths.artist(row);
    case 'albums':
      return playerPaths.album(row, row.artist_name ?? '');
    case 'tracks':
      return playerPaths.track(row);
    case 'playlists':
      return playerPaths.playlist(row);
    case 'channels':
      return playerPaths.channel({ slug: row.slug ?? String(row.id) });
    case 'pages':
      return playerPaths.customPage({ slug: row.slug ?? String(row.id) });
  }
}

const lastmod = (date: Date | string) => new Date(date).toISOString();

export function createSitemapService(deps: {
  db: Kysely<Database>;
  disk: () => StorageDriver;
  baseUrl: string;
}) {
  const { db, baseUrl } = deps;
  const base = baseUrl.replace(/\/$/, '');

  /**
   * One file of up to 50,000 urls of a source, streamed while the keyset pages are read. `next`
   * is where the following file starts, null when the source is done.
   */
  async function writeFile(source: TSitemapSource, name: string, after: number) {
    const state = { count: 0, next: null as number | null };
    async function* xml() {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      let cursor = after;
      while (state.count < SITEMAP_MAX_URLS) {
        const want = Math.min(BATCH, SITEMAP_MAX_URLS - state.count);
        const rows = await sitemapRepository.page(db, source, cursor, want);
        for (const row of rows) {
          const loc = absoluteUrl(base, pathOf(source, row)) ?? base;
          yield `<url><loc>${escapeXml(loc)}</loc><lastmod>${lastmod(row.updated_at)}</lastmod></url>\n`;
        }
        state.count += rows.length;
        const last = rows.at(-1);
        if (!last || rows.length < want) {
          state.next = null;
          break;
        }
        cursor = last.id;
        state.next = cursor;
      }
      yield '</urlset>\n';
    }
    await deps.disk().put(`${FOLDER}/${name}`, Readable.from(xml()), { mime: 'application/xml' });
    return state;
  }

  async function previousFiles(): Promise<string[]> {
    const index = await read(SITEMAP_INDEX_FILE);
    if (!index) return [];
    const text = await streamText(index);
    return [...text.matchAll(/sitemap-([a-z]+-\d+\.xml)<\/loc>/g)].map((match) => match[1] ?? '');
  }

  async function read(file: string) {
    const disk = deps.disk();
    if (!(await disk.exists(`${FOLDER}/${file}`))) return null;
    return disk.createReadStream(`${FOLDER}/${file}`);
  }

  let running: Promise<{ files: number; urls: number }> | null = null;

  async function generate(now = new Date()) {
    const before = await previousFiles();
    const written: string[] = [];
    let urls = 0;
    for (const source of SOURCES) {
      let after = 0;
      for (let n = 1; ; n++) {
        const name = `${source}-${n}.xml`;
        const { count, next } = await writeFile(source, name, after);
        // A file that came out empty (an empty source, or the last file ended exactly at 50,000) is dropped.
        if (count === 0) {
          await deps.disk().delete(`${FOLDER}/${name}`);
          break;
        }
        written.push(name);
        urls += count;
        if (next === null) break;
        after = next;
      }
    }
    const entries = written
      .map(
        (name) =>
          `<sitemap><loc>${escapeXml(`${base}/sitemap-${name}`)}</loc><lastmod>${lastmod(now)}</lastmod></sitemap>`,
      )
      .join('\n');
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
    await deps.disk().put(`${FOLDER}/${SITEMAP_INDEX_FILE}`, Buffer.from(index), { mime: 'application/xml' });
    for (const stale of before.filter((name) => !written.includes(name))) {
      await deps.disk().delete(`${FOLDER}/${stale}`);
    }
    return { files: written.length, urls };
  }

  return {
    /** Writes every sitemap file and the index; one run at a time per process. */
    generate(now?: Date) {
      running ??= generate(now).finally(() => {
        running = null;
      });
      return running;
    },
    /** A stored sitemap file (`sitemap-index.xml` or one SITEMAP_FILE), or null. */
    read,
  };
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export type SitemapService = ReturnType<typeof createSitemapService>;
