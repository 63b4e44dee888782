import type { Kysely } from 'kysely';
import { pruneExpiredSessions } from '../../platform/auth/session.service';
import type { Database } from '../../platform/db/schema';
import { createReportsRepository } from '../insights/reports.repository';
import { pruneAnalytics } from '../insights/reports.service';
import type { SitemapService } from '../seo/sitemap.service';
import type { SettingsService } from '../settings/settings.service';
import { createSimilarArtistsService } from '../similar-artists/similar-artists.service';
import type { ScheduledTask } from './schedule.service';

const HOUR = 60 * 60 * 1000;

/** The product's recurring work. */
export function scheduledTasks(
  db: Kysely<Database>,
  settings: Pick<SettingsService, 'get'>,
  sitemap: SitemapService,
): ScheduledTask[] {
  const similarArtists = createSimilarArtistsService(db);
  const analytics = createReportsRepository(db);
  return [
    {
      name: 'sessions:prune',
      description: 'Delete expired sessions',
      everyMs: HOUR,
      run: async () => `Pruned ${await pruneExpiredSessions(db)} expired sessions`,
    },
    {
      name: 'similar-artists:recompute',
      description: 'Recompute similar artists from shared genres, tags and listeners',
      everyMs: 24 * HOUR,
      run: async () =>
        `Recomputed similar artists of ${(await similarArtists.recompute({})).artists} artists`,
    },
    {
      name: 'analytics:prune',
      description: 'Delete raw plays and page views older than the analytics retention (roll-ups stay)',
      everyMs: 24 * HOUR,
      run: () =>
        pruneAnalytics(analytics, async () => Number(await settings.get('analytics.retention_days'))),
    },
    {
      name: 'sitemap:generate',
      description: 'Write sitemap.xml and its files (at most 50,000 urls each)',
      everyMs: 24 * HOUR,
      run: async () => {
        const { files, urls } = await sitemap.generate();
        return `Wrote ${urls} urls in ${files} sitemap files`;
      },
    },
  ];
}
