import { ZAccountUserSchema } from '@cadence/contracts/account';
import { ZAlbumSchema } from '@cadence/contracts/album';
import { ZArtistSchema } from '@cadence/contracts/artist';
import { ZBackstageOverviewSchema } from '@cadence/contracts/backstage';
import { ZCommentSchema } from '@cadence/contracts/comment';
import { ZInsightsSchema } from '@cadence/contracts/insights';
import { ZLyricsSchema } from '@cadence/contracts/lyrics';
import { paginationSchema } from '@cadence/contracts/pagination';
import { ZPlaylistSchema } from '@cadence/contracts/playlist';
import { ZProfileResponseSchema } from '@cadence/contracts/profile';
import { ZRadioResponseSchema, ZSimilarArtistsResponseSchema } from '@cadence/contracts/radio';
import { ZUserSessionSchema } from '@cadence/contracts/sessions';
import { ZTrackSchema, ZWaveResponseSchema } from '@cadence/contracts/track';
import { ZValueListsResponseSchema } from '@cadence/contracts/value-lists';
import type { z } from 'zod';
import { makeUser } from './fixtures';
import { fixture } from './story-helpers';

/**
 * The catalogue's data, in one place: each factory returns what the api returns, parsed with
 * the contract's zod schema. A fixture that no longer matches its contract throws where a story
 * asks for it (in its render or in its msw handler), so that story fails, not a hand-made shape.
 */

const STAMP = '2026-10-01T12:00:00.000Z';

export const LONG_NAME =
  'An Extraordinarily Long Track Title That Keeps Going (Extended Live Version, Remastered 2026 Deluxe Edition)';

/** `GET api/v1/tracks/{id}` and the track lists' items. */
export const storyTrack = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZTrackSchema, {
    id,
    name: `Song ${id}`,
    slug: `song-${id}`,
    number: id,
    duration: 150_000 + ((id * 7919) % 150_000),
    album_id: 200 + (id % 5),
    album: { id: 200 + (id % 5), name: `Album ${id % 5}`, slug: `album-${id % 5}`, image: null },
    artists: [{ id: 100 + (id % 3), name: `Artist ${id % 3}`, slug: `artist-${id % 3}`, image_small: null }],
    src: null,
    stream_url: null,
    mime: 'audio/mpeg',
    bitrate: 320,
    image: null,
    description: null,
    isrc: null,
    explicit: false,
    plays: id * 37,
    downloads: 0,
    owner_id: 7,
    released_at: '2026-09-01',
    visibility: 'public',
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  });

export const storyTracks = (count: number) => Array.from({ length: count }, (_, i) => storyTrack(i + 1));

/** An album card's data (`GET api/v1/albums`). */
export const storyAlbum = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZAlbumSchema, {
    id,
    name: `Album ${id}`,
    slug: `album-${id}`,
    release_date: '2026-09-01',
    image: null,
    description: null,
    owner_id: 7,
    plays: 1200,
    views: 3400,
    record_type: 'album',
    created_at: STAMP,
    updated_at: STAMP,
    artists: [{ id: 101, name: 'The Midnight Hours', slug: 'the-midnight-hours', image_small: null }],
    ...overrides,
  });

/** An artist card's data (`GET api/v1/artists`). */
export const storyArtist = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZArtistSchema, {
    id,
    name: `Artist ${id}`,
    slug: `artist-${id}`,
    image_small: null,
    image_large: null,
    verified: false,
    disabled: false,
    description: null,
    country: null,
    city: null,
    links: [],
    plays: 5400,
    views: 9000,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  });

/** `GET api/v1/tracks/{id}/lyrics`'s `lyrics`. */
export const storyLyrics = (trackId: number, synced: boolean) =>
  fixture(ZLyricsSchema, {
    id: trackId,
    track_id: trackId,
    text: synced
      ? '[00:05.00] Headlights on the empty road\n[00:12.50] Radio hums a song I know\n[00:20.00]\n[00:27.00] Night drive, nowhere to go\n[00:34.00] Night drive, taking it slow'
      : 'Headlights on the empty road\nRadio hums a song I know\n\nNight drive, nowhere to go\nNight drive, taking it slow',
    synced,
    language: 'en',
    source: null,
    updated_at: STAMP,
  });

/** `GET api/v1/tracks/{id}/wave`: peaks of a shape that reads as music. */
export const storyWave = () =>
  fixture(ZWaveResponseSchema, {
    waveform: Array.from({ length: 600 }, (_, i) =>
      Number((0.2 + 0.6 * Math.abs(Math.sin(i / 17)) * (0.6 + 0.4 * Math.sin(i / 3))).toFixed(3)),
    ),
  });

/** A timestamped comment on a track (`GET api/v1/comments`). */
export const storyComment = (id: number, positionMs: number, content: string, name = `Listener ${id}`) =>
  fixture(ZCommentSchema, {
    id,
    commentable_type: 'track',
    commentable_id: 1,
    parent_id: null,
    depth: 0,
    content,
    position_ms: positionMs,
    deleted: false,
    upvotes: 0,
    downvotes: 0,
    user: { id: 500 + id, name, image: null },
    created_at: STAMP,
    updated_at: STAMP,
  });

/** `GET api/v1/insights/{subject}/{id}` for the last 30 days. */
export const storyInsights = (subject: 'tracks' | 'albums' | 'artists', id: number) => {
  const day = (i: number) => new Date(Date.UTC(2026, 9, 2 + i)).toISOString().slice(0, 10);
  const series = (base: number) =>
    Array.from({ length: 30 }, (_, i) => ({
      date: day(i),
      value: Math.round(base + base * 0.5 * Math.sin(i / 3) + i * 2),
      previous: Math.round(base * 0.8 + base * 0.3 * Math.cos(i / 4)),
    }));
  const breakdown = (values: string[]) =>
    values.map((value, i) => ({ value, plays: 900 - i * 180, previous: 700 - i * 120 }));
  return fixture(ZInsightsSchema, {
    subject: { type: subject, id, name: 'Night Drive' },
    range: { from: day(0), to: day(29) },
    previous: { from: '2026-09-02', to: '2026-10-01' },
    totals: {
      plays: 4321,
      previous_plays: 3980,
      listeners: 812,
      previous_listeners: 640,
      likes: 95,
      previous_likes: 120,
      reposts: 12,
      previous_reposts: 0,
    },
    plays: series(120),
    likes: series(4),
    reposts: series(1),
    top_tracks: [
      { id: 1, name: 'Night Drive', plays: 1204 },
      { id: 2, name: LONG_NAME, plays: 877 },
    ],
    countries: breakdown(['US', 'DE', 'GB']),
    cities: breakdown(['Berlin', 'London']),
    devices: breakdown(['desktop', 'mobile']),
    platforms: breakdown(['Linux', 'Android']),
    browsers: breakdown(['Chrome', 'Firefox']),
    sources: breakdown(['album', 'search']),
  });
};

/** `GET api/v1/users/me`'s `user` on the account settings page. */
export const storyAccountUser = (overrides: Record<string, unknown> = {}) =>
  fixture(ZAccountUserSchema, {
    ...makeUser(),
    tokens: [{ id: 1, name: 'Home server sync', last_used_at: STAMP, created_at: STAMP }],
    two_factor_status: 'disabled',
    has_password: true,
    ...overrides,
  });

/** `GET api/v1/user-sessions`'s `sessions`. */
export const storySessions = () => [
  fixture(ZUserSessionSchema, {
    id: 'a',
    device_type: 'desktop',
    platform: 'Linux',
    browser: 'Chrome',
    city: 'Vilnius',
    country: 'LT',
    ip_address: '10.0.0.1',
    token: null,
    last_active: STAMP,
    is_current_device: true,
  }),
  fixture(ZUserSessionSchema, {
    id: 'b',
    device_type: 'mobile',
    platform: 'Android',
    browser: 'Firefox',
    city: null,
    country: null,
    ip_address: '10.0.0.2',
    token: null,
    last_active: STAMP,
    is_current_device: false,
  }),
];

/** `GET api/v1/value-lists/timezones,countries,localizations`. */
export const storyValueLists = () =>
  fixture(ZValueListsResponseSchema, {
    timezones: {
      Europe: [
        { value: 'Europe/Vilnius', text: '(UTC+02:00) Vilnius' },
        { value: 'Europe/Berlin', text: '(UTC+01:00) Berlin' },
      ],
      America: [{ value: 'America/New_York', text: '(UTC-05:00) New York' }],
    },
    countries: [
      { code: 'LT', name: 'Lithuania' },
      { code: 'DE', name: 'Germany' },
      { code: 'US', name: 'United States' },
    ],
    localizations: [
      { language: 'en', name: 'English' },
      { language: 'de', name: 'Deutsch' },
    ],
  });

/** `GET api/v1/backstage/overview` of an artist (or, with `isArtist: false`, of a listener with a request). */
export const storyBackstageOverview = ({ isArtist = true, limitMinutes = 180 as number | null } = {}) =>
  fixture(ZBackstageOverviewSchema, {
    artists: isArtist ? [{ id: 101, name: 'The Midnight Hours', image: null, verified: true }] : [],
    albums: isArtist ? [{ id: 201, name: 'Night Drive', image: null, plays: 1204 }] : [],
    tracks: isArtist
      ? [
          { id: 1, name: 'Night Drive', album_id: 201, duration: 214_000, plays: 1204 },
          { id: 2, name: LONG_NAME, album_id: null, duration: 402_000, plays: 877 },
        ]
      : [],
    requests: [
      { id: 9, type: isArtist ? 'verify_artist' : 'become_artist', status: 'pending', created_at: STAMP },
    ],
    minutes: {
      limit_minutes: limitMinutes,
      used_minutes: 142,
      left_minutes: limitMinutes === null ? null : Math.max(0, limitMinutes - 142),
    },
  });

/** One page of `GET api/v1/comments?commentable_type=track&commentable_id=1` (a list of spec 3's shape). */
export const storyCommentPage = (
  page: number,
  lastPage: number,
  comments: z.input<typeof ZCommentSchema>[],
) =>
  fixture(paginationSchema(ZCommentSchema), {
    pagination: {
      data: comments,
      current_page: page,
      per_page: 25,
      total: 25 * lastPage,
      last_page: lastPage,
    },
  });

/** A deleted comment keeps its place in the thread without its content or author. */
export const storyDeletedComment = (id: number) => ({
  ...storyComment(id, 0, ''),
  position_ms: null,
  deleted: true,
  user: null,
});

/** `POST api/v1/playlists`' `playlist` (and a playlist card's data). */
export const storyPlaylist = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZPlaylistSchema, {
    id,
    name: `Playlist ${id}`,
    slug: `playlist-${id}`,
    description: null,
    image: null,
    public: true,
    collaborative: false,
    owner_id: 7,
    plays: 0,
    views: 0,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  });

/** `GET api/v1/radio/{type}/{id}`: the seed and `count` tracks like it. */
export const storyRadio = (
  type: 'track' | 'artist' | 'genre',
  id: number | string,
  name: string,
  count = 6,
) =>
  fixture(ZRadioResponseSchema, {
    seed: { type, id, name },
    tracks: Array.from({ length: count }, (_, i) => ({
      id: 300 + i,
      name: i === 1 ? LONG_NAME : `Radio song ${i + 1}`,
      image: null,
      duration: 180_000 + i * 7_000,
      plays: 1000 - i * 40,
      album: { id: 200 + i, name: `Album ${i}` },
      artists: [{ id: 100 + (i % 3), name: `Artist ${i % 3}` }],
    })),
  });

/** `GET api/v1/artists/{id}/similar`. */
export const storySimilarArtists = (count = 4) =>
  fixture(ZSimilarArtistsResponseSchema, {
    artists: Array.from({ length: count }, (_, i) => ({
      id: 110 + i,
      name: i === 1 ? 'A Collective With A Remarkably Long Name And Friends' : `Similar artist ${i + 1}`,
      image_small: null,
      score: 0.9 - i * 0.1,
    })),
  });

/** `GET api/v1/users/{id}/profile`. */
export const storyProfile = (overrides: Record<string, unknown> = {}) =>
  fixture(ZProfileResponseSchema, {
    profile: {
      user: { id: 12, name: 'Grace Hopper', image: null, created_at: STAMP },
      header_image: null,
      description: 'Night owl. Synths, field recordings and long drives.',
      city: 'Vilnius',
      country: 'LT',
      links: [{ title: 'Website', url: 'https://example.com' }],
      counts: { followers: 120, following: 45, tracks: 8, playlists: 3, reposts: 17 },
      is_followed: false,
      ...overrides,
    },
  });
