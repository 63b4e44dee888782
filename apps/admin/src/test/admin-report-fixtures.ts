import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZAdminOverviewSchema } from '@cadence/contracts/admin-overview';
import { ZPlaysReportSchema, ZVisitorsReportSchema } from '@cadence/contracts/insights';
import { LONG_TEXT } from './admin-story-fixtures';

const day = (i: number) => new Date(Date.UTC(2026, 9, 2 + i)).toISOString().slice(0, 10);
const series = (base: number) =>
  Array.from({ length: 30 }, (_, i) => ({
    date: day(i),
    value: Math.round(base + base * 0.5 * Math.sin(i / 3) + i * 2),
    previous: Math.round(base * 0.8 + base * 0.3 * Math.cos(i / 4)),
  }));
const breakdown = (values: string[]) =>
  values.map((value, i) => ({ value, plays: 900 - i * 180, previous: 700 - i * 120 }));
const ranked = (names: string[]) => names.map((name, i) => ({ id: i + 1, name, plays: 1200 - i * 150 }));
const range = { range: { from: day(0), to: day(29) }, previous: { from: '2026-09-02', to: '2026-10-01' } };

/** `GET api/v1/admin/reports/plays` for the last 30 days. */
export const storyPlaysReport = () =>
  fixture(ZPlaysReportSchema, {
    ...range,
    totals: { plays: 43_210, previous_plays: 39_800, listeners: 8120, previous_listeners: 6400 },
    plays: series(1400),
    top_tracks: ranked(['Night Drive', LONG_TEXT, 'Daybreak']),
    top_albums: ranked(['Night Drive', 'Daybreak']),
    top_artists: ranked(['The Midnight Hours', 'Aurora Lane']),
    top_genres: ranked(['rock', 'jazz', 'ambient']),
    countries: breakdown(['US', 'DE', 'GB']),
    devices: breakdown(['desktop', 'mobile']),
    platforms: breakdown(['Linux', 'Android']),
    browsers: breakdown(['Chrome', 'Firefox']),
    sources: breakdown(['album', 'search']),
  });

/** `GET api/v1/admin/reports/visitors` for the last 30 days. */
export const storyVisitorsReport = () =>
  fixture(ZVisitorsReportSchema, {
    ...range,
    totals: { views: 120_400, previous_views: 98_000, visitors: 20_100, previous_visitors: 21_000 },
    views: series(4000),
    visitors: series(700),
    page_kinds: breakdown(['home', 'track', 'album']),
    referrers: breakdown(['search.example', 'social.example']),
    countries: breakdown(['US', 'DE', 'GB']),
    devices: breakdown(['desktop', 'mobile']),
  });

/** `GET api/v1/admin/overview`: the admin index's figures. */
export const storyOverview = () =>
  fixture(ZAdminOverviewSchema, {
    days: 7,
    period_start: '2026-09-24',
    previous_start: '2026-09-17',
    users: { current: 12_480, previous: 12_100 },
    new_signups: { current: 380, previous: 0 },
    plays: { current: 43_210, previous: 39_800 },
    uploads: { current: 0, previous: 0 },
    storage_bytes: { current: 812_000_000, previous: 790_000_000 },
    series: {
      plays: series(6000).slice(0, 7),
      new_signups: series(50).slice(0, 7),
      uploads: series(4).slice(0, 7),
    },
    pending_requests: {
      total: 3,
      oldest: [
        {
          id: 7,
          type: 'become_artist',
          artist_name: 'Aurora Lane',
          user: { id: 4, name: 'Ada Listener', email: 'ada@example.com' },
          created_at: '2026-09-29T10:00:00.000Z',
        },
        {
          id: 9,
          type: 'claim_artist',
          artist_name: LONG_TEXT,
          user: { id: 5, name: null, email: 'nameless@example.com' },
          created_at: '2026-09-30T10:00:00.000Z',
        },
      ],
    },
  });
