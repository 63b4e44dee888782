import {
  resolveRange,
  type TInsightRange,
  type TInsights,
  type ZInsightsParamsSchema,
} from '@cadence/contracts/insights';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Actor, actorCanAny, actorUser } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { managesArtist } from '../artists/artists.repository';
import { managesCreditedItem } from '../catalogue/catalogue-access';
import * as insightsRepository from './insights.repository';

type Db = Kysely<Database>;
type Subject = z.output<typeof ZInsightsParamsSchema>;
type Range = { from: string; to: string };

const DIMENSIONS = ['country', 'city', 'device', 'platform', 'browser', 'source'] as const;
const ADMIN_PERMISSIONS = {
  tracks: ['music.update', 'tracks.update'],
  albums: ['music.update', 'albums.update'],
  artists: ['music.update', 'artists.update'],
} as const;

/** Every day of the range as YYYY-MM-DD (the charts need the empty days too). */
function daysOf(range: Range): string[] {
  const days: string[] = [];
  for (
    let t = Date.parse(`${range.from}T00:00:00Z`);
    t <= Date.parse(`${range.to}T00:00:00Z`);
    t += 86_400_000
  )
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export function createInsightsService(db: Db) {
  /** The subject's name, after checking the asker manages it (or may edit any); others get a 404. */
  async function authorize(actor: Actor, subject: Subject): Promise<string> {
    const user = actorUser(actor);
    const isEditor = await actorCanAny(actor, ADMIN_PERMISSIONS[subject.subject]);
    if (subject.subject === 'artists') {
      const name = await insightsRepository.artistName(db, subject.id);
      if (name === null) throw new AppError('not_found');
      if (!isEditor && !(await managesArtist(db, user.id, subject.id))) throw new AppError('not_found');
      return name;
    }
    const row = await insightsRepository.item(db, subject.subject, subject.id);
    if (!row) throw new AppError('not_found');
    const kind = subject.subject === 'tracks' ? 'track' : 'album';
    if (!isEditor && !(await managesCreditedItem(db, user.id, kind, row))) throw new AppError('not_found');
    return row.name;
  }

  /** Points of the range with the previous range's value on the same offset. */
  function series(range: Range, previous: Range, current: Map<string, number>, before: Map<string, number>) {
    const days = daysOf(range);
    const previousDays = daysOf(previous);
    return days.map((date, index) => ({
      date,
      value: current.get(date) ?? 0,
      previous: before.get(previousDays[index] ?? '') ?? 0,
    }));
  }

  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);

  async function insights(
    actor: Actor,
    subject: Subject,
    query: { range: TInsightRange; from?: string; to?: string },
  ): Promise<TInsights> {
    const name = await authorize(actor, subject);
    const resolved = resolveRange(query);
    const range = { from: resolved.from, to: resolved.to };
    const previous = { from: resolved.previousFrom, to: resolved.previousTo };
    const [
      plays,
      previousPlays,
      listenersNow,
      listenersBefore,
      dims,
      dimsBefore,
      likes,
      likesBefore,
      reposts,
      repostsBefore,
      top,
    ] = await Promise.all([
      insightsRepository.playsByDay(db, subject, range),
      insightsRepository.playsByDay(db, subject, previous),
      insightsRepository.listeners(db, subject, range),
      insightsRepository.listeners(db, subject, previous),
      insightsRepository.breakdowns(db, subject, range),
      insightsRepository.breakdowns(db, subject, previous),
      insightsRepository.socialByDay(db, 'likes', subject, range),
      insightsRepository.socialByDay(db, 'likes', subject, previous),
      insightsRepository.socialByDay(db, 'reposts', subject, range),
      insightsRepository.socialByDay(db, 'reposts', subject, previous),
      insightsRepository.topTracks(db, subject, range),
    ]);
    const breakdown = (dimension: (typeof DIMENSIONS)[number]) => {
      const now = dims.get(dimension) ?? new Map<string, number>();
      const before = dimsBefore.get(dimension) ?? new Map<string, number>();
      return [...now.entries()]
        .map(([value, count]) => ({ value, plays: count, previous: before.get(value) ?? 0 }))
        .sort((a, b) => b.plays - a.plays || a.value.localeCompare(b.value))
        .slice(0, 20);
    };
    return {
      subject: { type: subject.subject, id: subject.id, name },
      range,
      previous,
      totals: {
        plays: sum(plays),
        previous_plays: sum(previousPlays),
        listeners: listenersNow,
        previous_listeners: listenersBefore,
        likes: sum(likes),
        previous_likes: sum(likesBefore),
        reposts: sum(reposts),
        previous_reposts: sum(repostsBefore),
      },
      plays: series(range, previous, plays, previousPlays),
      likes: series(range, previous, likes, likesBefore),
      reposts: series(range, previous, reposts, repostsBefore),
      top_tracks: top,
      countries: breakdown('country'),
      cities: breakdown('city'),
      devices: breakdown('device'),
      platforms: breakdown('platform'),
      browsers: breakdown('browser'),
      sources: breakdown('source'),
    };
  }

  return { insights };
}
