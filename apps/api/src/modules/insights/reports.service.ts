import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  resolveRange,
  type TInsightRange,
  type TPageView,
  type TPlaysReport,
  type TVisitorsReport,
} from '@cadence/contracts/insights';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { lookupLocation } from '../../platform/geoip/geoip';
import { countryFromHeaders, parseUserAgent } from '../plays/user-agent';
import type { Range } from './reports.repository';
import * as reportsRepository from './reports.repository';

type RangeQuery = { range: TInsightRange; from?: string; to?: string };
type ReportSettings = {
  /** gdpr: with the cookie notice on, only visitors who accepted it are counted. */
  cookieNoticeEnabled: () => Promise<boolean>;
  /** analytics: days raw plays and page views are kept (0 keeps them all). */
  retentionDays: () => Promise<number>;
};

const DAY_MS = 86_400_000;

/** Every day of the range as YYYY-MM-DD (the charts need the empty days too). */
function daysOf(range: Range): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function series(range: Range, previous: Range, now: Map<string, number>, before: Map<string, number>) {
  const previousDays = daysOf(previous);
  return daysOf(range).map((date, index) => ({
    date,
    value: now.get(date) ?? 0,
    previous: before.get(previousDays[index] ?? '') ?? 0,
  }));
}

function breakdown(now: Map<string, number> | undefined, before: Map<string, number> | undefined) {
  return [...(now ?? new Map<string, number>()).entries()]
    .map(([value, count]) => ({ value, plays: count, previous: before?.get(value) ?? 0 }))
    .sort((a, b) => b.plays - a.plays || a.value.localeCompare(b.value))
    .slice(0, 20);
}

const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);

/** The host of a referrer that is another site; our own pages and junk give null. */
export function referrerHost(referrer: string | undefined, ownHosts: string[]): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return ownHosts.includes(host) ? null : host.slice(0, 255);
  } catch {
    return null;
  }
}

/** Do Not Track (`DNT: 1`) or Global Privacy Control (`Sec-GPC: 1`): the visitor asked not to be counted. */
export function asksNotToBeTracked(headers: IncomingHttpHeaders): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** Who sent a page view, as the beacon's request tells it. */
export type TPageViewer = {
  userId: number | null;
  ip: string;
  headers: IncomingHttpHeaders;
  /** The cookie notice's answer (`cookie_notice=true`). */
  hasAcceptedCookies: boolean;
};

/**
 * The site-wide reports of the admin (plays from the roll-ups, first-party page views) and the
 * visit beacon that feeds the visitors report.
 */
export function createReportsService(deps: {
  db: Kysely<Database>;
  settings: ReportSettings;
  salt: string;
  ownHosts: string[];
}) {
  const { db } = deps;

  async function plays(query: RangeQuery): Promise<TPlaysReport> {
    const resolved = resolveRange(query);
    const range = { from: resolved.from, to: resolved.to };
    const previous = { from: resolved.previousFrom, to: resolved.previousTo };
    const [now, before, listenersNow, listenersBefore, dims, dimsBefore, tracks, albums, artists, genres] =
      await Promise.all([
        reportsRepository.playsByDay(db, range),
        reportsRepository.playsByDay(db, previous),
        reportsRepository.listeners(db, range),
        reportsRepository.listeners(db, previous),
        reportsRepository.playsByDimension(db, range),
        reportsRepository.playsByDimension(db, previous),
        reportsRepository.topTracks(db, range),
        reportsRepository.topAlbums(db, range),
        reportsRepository.topArtists(db, range),
        reportsRepository.topGenres(db, range),
      ]);
    const dim = (name: string) => breakdown(dims.get(name), dimsBefore.get(name));
    return {
      range,
      previous,
      totals: {
        plays: sum(now),
        previous_plays: sum(before),
        listeners: listenersNow,
        previous_listeners: listenersBefore,
      },
      plays: series(range, previous, now, before),
      top_tracks: tracks,
      top_albums: albums,
      top_artists: artists,
      top_genres: genres,
      countries: dim('country'),
      devices: dim('device'),
      platforms: dim('platform'),
      browsers: dim('browser'),
      sources: dim('source'),
    };
  }

  async function visitors(query: RangeQuery): Promise<TVisitorsReport> {
    const resolved = resolveRange(query);
    const range = { from: resolved.from, to: resolved.to };
    const previous = { from: resolved.previousFrom, to: resolved.previousTo };
    const dimensions = ['page_kind', 'referrer_host', 'country', 'device'] as const;
    const [now, before, visitorsNow, visitorsBefore, ...dims] = await Promise.all([
      reportsRepository.viewsByDay(db, range),
      reportsRepository.viewsByDay(db, previous),
      reportsRepository.uniqueVisitors(db, range),
      reportsRepository.uniqueVisitors(db, previous),
      ...dimensions.flatMap((dimension) => [
        reportsRepository.viewsBy(db, dimension, range),
        reportsRepository.viewsBy(db, dimension, previous),
      ]),
    ]);
    const dim = (index: number) => breakdown(dims[index * 2], dims[index * 2 + 1]);
    return {
      range,
      previous,
      totals: {
        views: sum(now.views),
        previous_views: sum(before.views),
        visitors: visitorsNow,
        previous_visitors: visitorsBefore,
      },
      views: series(range, previous, now.views, before.views),
      visitors: series(range, previous, now.visitors, before.visitors),
      page_kinds: dim(0),
      referrers: dim(1),
      countries: dim(2),
      devices: dim(3),
    };
  }

  /**
   * Counts one page view unless the visitor asked not to be tracked (DNT / GPC) or, with the
   * gdpr cookie notice on, has not accepted it. Keeps the page kind, the referring site's host,
   * the country and the device class, and a salted hash of the visitor (unique visitors): no
   * address, no agent string, no path.
   */
  async function recordView(viewer: TPageViewer, view: TPageView): Promise<{ recorded: boolean }> {
    const { headers, ip } = viewer;
    if (asksNotToBeTracked(headers)) return { recorded: false };
    if ((await deps.settings.cookieNoticeEnabled()) && !viewer.hasAcceptedCookies) return { recorded: false };
    const viewedAt = new Date();
    const who =
      viewer.userId !== null ? `user:${viewer.userId}` : `guest:${ip}|${headers['user-agent'] ?? ''}`;
    const visitorHash = createHmac('sha256', deps.salt).update(who).digest('base64url').slice(0, 32);
    await reportsRepository.recordPageView(db, {
      viewedAt,
      pageKind: view.page_kind,
      referrerHost: referrerHost(view.referrer, deps.ownHosts),
      country: countryFromHeaders(headers) ?? (await lookupLocation(ip)).country,
      device: parseUserAgent(headers['user-agent']).device,
      visitorHash,
    });
    return { recorded: true };
  }

  return {
    plays,
    visitors,
    recordView,
    prune: () => pruneAnalytics(db, deps.settings.retentionDays),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * The scheduled upkeep: raw plays and page views older than the retention setting are deleted
 * (0 keeps them all). The daily roll-ups stay, so insights and the plays report keep their history.
 */
export async function pruneAnalytics(
  db: Kysely<Database>,
  retentionDays: () => Promise<number>,
  now = new Date(),
): Promise<string> {
  const days = await retentionDays();
  if (!Number.isFinite(days) || days <= 0) return 'Retention is off: nothing pruned';
  const result = await reportsRepository.pruneBefore(db, new Date(now.getTime() - days * DAY_MS));
  return `Pruned ${result.plays} plays and ${result.pageViews} page views older than ${days} days`;
}
