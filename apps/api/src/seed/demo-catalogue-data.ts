import type { PieceSpec, Timbre } from './demo-catalogue-audio';

export type DemoTrack = { name: string; seconds: number; lyrics?: 'synced' | 'plain'; explicit?: boolean };
export type DemoAlbum = {
  name: string;
  artist: string;
  year: number;
  recordType: 'album' | 'ep' | 'single';
  genres: string[];
  tags: string[];
  hues: [number, number];
  sound: Omit<PieceSpec, 'seconds' | 'seed' | 'progression'> & { progressions: number[][] };
  tracks: DemoTrack[];
};
export type DemoArtist = {
  name: string;
  country: string;
  city: string;
  description: string;
  genres: string[];
  hues: [number, number];
  verified: boolean;
};

export const DEMO_ARTISTS: DemoArtist[] = [
  {
    name: 'Aurora Fields',
    country: 'NO',
    city: 'Bergen',
    description: 'Slow-blooming ambient pieces recorded in a lighthouse.',
    genres: ['ambient', 'electronic'],
    hues: [190, 250],
    verified: true,
  },
  {
    name: 'The Velvet Static',
    country: 'GB',
    city: 'Manchester',
    description: 'A synth trio with a soft spot for arpeggios.',
    genres: ['synthwave', 'electronic'],
    hues: [300, 260],
    verified: true,
  },
  {
    name: 'Lumen Quartet',
    country: 'AT',
    city: 'Vienna',
    description: 'Chamber music for long evenings.',
    genres: ['classical'],
    hues: [40, 10],
    verified: false,
  },
  {
    name: 'Mori & Sato',
    country: 'JP',
    city: 'Osaka',
    description: 'Lo-fi beats from a tiny apartment studio.',
    genres: ['lo-fi', 'jazz'],
    hues: [20, 340],
    verified: false,
  },
  {
    name: 'Blue Harbor',
    country: 'US',
    city: 'Portland',
    description: 'Warm folk songs with organ and voice.',
    genres: ['folk'],
    hues: [210, 180],
    verified: true,
  },
  {
    name: 'Neon Atlas',
    country: 'DE',
    city: 'Berlin',
    description: 'Night-drive electronica.',
    genres: ['electronic', 'synthwave'],
    hues: [160, 280],
    verified: false,
  },
];

const sound = (
  root: number,
  mode: 'major' | 'minor',
  bpm: number,
  timbre: Timbre,
  arpeggioRate: number,
  progressions: number[][],
) => ({ root, mode, bpm, timbre, arpeggioRate, progressions });

export const DEMO_ALBUMS: DemoAlbum[] = [
  {
    name: 'Northern Light',
    artist: 'Aurora Fields',
    year: 2024,
    recordType: 'album',
    genres: ['ambient'],
    tags: ['calm', 'focus'],
    hues: [190, 240],
    sound: sound(57, 'minor', 70, 'sine', 1, [
      [0, 5, 3, 4],
      [0, 3, 5, 4],
    ]),
    tracks: [
      { name: 'First Snow', seconds: 36, lyrics: 'synced' },
      { name: 'Tidal Glass', seconds: 34 },
      { name: 'Quiet Harbor Lights', seconds: 38, lyrics: 'plain' },
      { name: 'Polar Drift', seconds: 32 },
    ],
  },
  {
    name: 'Chrome Hearts Club',
    artist: 'The Velvet Static',
    year: 2023,
    recordType: 'album',
    genres: ['synthwave'],
    tags: ['night', 'upbeat'],
    hues: [300, 250],
    sound: sound(62, 'minor', 112, 'soft-square', 4, [
      [0, 5, 2, 6],
      [0, 3, 4, 4],
    ]),
    tracks: [
      { name: 'Neon Promenade', seconds: 34, lyrics: 'synced' },
      { name: 'Tape Memory', seconds: 32 },
      { name: 'Afterglow Boulevard', seconds: 36 },
      { name: 'Overdrive Hearts', seconds: 30, explicit: true },
    ],
  },
  {
    name: 'Evening Studies',
    artist: 'Lumen Quartet',
    year: 2022,
    recordType: 'album',
    genres: ['classical'],
    tags: ['piano', 'focus'],
    hues: [40, 15],
    sound: sound(60, 'major', 76, 'organ', 2, [
      [0, 3, 4, 0],
      [0, 5, 1, 4],
    ]),
    tracks: [
      { name: 'Study in C', seconds: 38 },
      { name: 'Candlelight Waltz', seconds: 34, lyrics: 'plain' },
      { name: 'Rain on the Conservatory', seconds: 36 },
      { name: 'Nocturne for Friends', seconds: 32 },
    ],
  },
  {
    name: 'Coffee Stains',
    artist: 'Mori & Sato',
    year: 2025,
    recordType: 'album',
    genres: ['lo-fi', 'jazz'],
    tags: ['chill', 'study', 'focus'],
    hues: [25, 345],
    sound: sound(65, 'major', 84, 'triangle', 2, [
      [1, 4, 0, 5],
      [3, 4, 2, 5],
    ]),
    tracks: [
      { name: 'Morning Steam', seconds: 32 },
      { name: 'Window Seat', seconds: 34, lyrics: 'synced' },
      { name: 'Vinyl Crackle Dreams', seconds: 30 },
      { name: 'Late Bus Home', seconds: 36 },
    ],
  },
  {
    name: 'Kitchen Radio',
    artist: 'Mori & Sato',
    year: 2024,
    recordType: 'ep',
    genres: ['lo-fi'],
    tags: ['chill'],
    hues: [50, 20],
    sound: sound(63, 'major', 80, 'sine', 2, [[0, 3, 1, 4]]),
    tracks: [
      { name: 'Toast & Jam', seconds: 30 },
      { name: 'Sunday Crossword', seconds: 32 },
      { name: 'Dish Rack Rhythm', seconds: 30 },
    ],
  },
  {
    name: 'Driftwood Hymns',
    artist: 'Blue Harbor',
    year: 2021,
    recordType: 'album',
    genres: ['folk'],
    tags: ['acoustic', 'calm'],
    hues: [205, 170],
    sound: sound(55, 'major', 92, 'organ', 1, [
      [0, 4, 5, 3],
      [0, 3, 0, 4],
    ]),
    tracks: [
      { name: 'Salt in the Air', seconds: 36, lyrics: 'synced' },
      { name: 'Lantern Song', seconds: 34, lyrics: 'plain' },
      { name: 'Old Pier Road', seconds: 32 },
      { name: 'Gull Choir', seconds: 30 },
    ],
  },
  {
    name: 'Autobahn Nights',
    artist: 'Neon Atlas',
    year: 2025,
    recordType: 'album',
    genres: ['electronic', 'synthwave'],
    tags: ['night', 'driving'],
    hues: [165, 285],
    sound: sound(64, 'minor', 124, 'soft-square', 4, [
      [0, 6, 5, 6],
      [0, 3, 6, 4],
    ]),
    tracks: [
      { name: 'Tunnel Vision', seconds: 32 },
      { name: 'Exit 23', seconds: 30 },
      { name: 'Headlights', seconds: 34, lyrics: 'synced' },
      { name: 'Rest Stop at 4 AM', seconds: 32 },
    ],
  },
  {
    name: 'Signal',
    artist: 'Neon Atlas',
    year: 2025,
    recordType: 'single',
    genres: ['electronic'],
    tags: ['upbeat'],
    hues: [120, 200],
    sound: sound(59, 'minor', 128, 'triangle', 4, [[0, 5, 3, 4]]),
    tracks: [{ name: 'Signal', seconds: 34 }],
  },
];

export const DEMO_GENRES: Record<string, [number, number]> = {
  ambient: [190, 240],
  electronic: [160, 280],
  synthwave: [300, 250],
  classical: [40, 15],
  'lo-fi': [25, 345],
  jazz: [45, 300],
  folk: [205, 170],
};

export const DEMO_PLAYLISTS = [
  {
    name: 'Demo Mix',
    description: 'A little of everything in the demo catalogue.',
    hues: [270, 200] as [number, number],
    pick: (i: number) => i % 3 === 0,
  },
  {
    name: 'Focus Flow',
    description: 'Calm pieces for deep work.',
    hues: [190, 120] as [number, number],
    pick: (i: number) => i < 12,
  },
  {
    name: 'Late Night Drive',
    description: 'Synths and headlights.',
    hues: [300, 170] as [number, number],
    pick: (i: number) => i >= 4 && i % 2 === 0,
  },
];

/** Lyrics for the demo: LRC timed across the piece when synced. */
export function demoLyrics(title: string, seconds: number, synced: boolean): string {
  const lines = [
    `Here comes ${title.toLowerCase()}`,
    'Soft lights over the water',
    'Every note a small hello',
    'Hold the moment, let it go',
    'Counting stars along the way',
    'Humming softly, here we stay',
  ];
  if (!synced) return lines.join('\n');
  const step = (seconds - 4) / lines.length;
  return lines
    .map((line, i) => {
      const at = 2 + i * step;
      const minutes = String(Math.floor(at / 60)).padStart(2, '0');
      const secs = (at % 60).toFixed(2).padStart(5, '0');
      return `[${minutes}:${secs}] ${line}`;
    })
    .join('\n');
}
