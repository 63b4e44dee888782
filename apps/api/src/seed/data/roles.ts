import type { TPermission } from '@cadence/contracts/user';

export interface SeedRole {
  name: string;
  description: string;
  default: boolean;
  guests: boolean;
  internal: boolean;
  artists: boolean;
  type: 'sitewide' | 'workspace';
  permissions: TPermission[];
}

export interface SeedPrice {
  amount: number;
  currency: string;
  interval: 'day' | 'month' | 'year';
  interval_count: number;
}

export interface SeedPlan {
  name: string;
  description: string;
  free: boolean;
  recommended: boolean;
  hidden: boolean;
  position: number;
  feature_list: string[];
  permissions: TPermission[];
  prices: SeedPrice[];
}

/** Grants without restrictions; restricted ones are written out where they are used. */
const grants = (...names: string[]): TPermission[] => names.map((name) => ({ name, restrictions: [] }));

export const defaultRoles: SeedRole[] = [
  {
    name: 'users',
    description: 'Given to every account on registration.',
    default: true,
    guests: false,
    internal: true,
    artists: false,
    type: 'sitewide',
    permissions: grants(
      'users.view',
      'localizations.view',
      'custom_pages.view',
      'files.create',
      'plans.view',
      'tags.view',
      'music.view',
      'music.play',
      'music.embed',
      'lyrics.view',
      'playlists.view',
      'playlists.create',
      'comments.view',
      'comments.create',
      'backstageRequests.create',
    ),
  },
  {
    name: 'guests',
    description: 'What visitors who are not logged in may do.',
    default: false,
    guests: true,
    internal: true,
    artists: false,
    type: 'sitewide',
    permissions: grants(
      'users.view',
      'custom_pages.view',
      'plans.view',
      'tags.view',
      'localizations.view',
      'music.view',
      'music.play',
      'music.embed',
      'lyrics.view',
      'playlists.view',
      'comments.view',
    ),
  },
  {
    name: 'artists',
    description: 'Given when a request to become an artist is approved.',
    default: false,
    guests: false,
    internal: true,
    artists: true,
    type: 'sitewide',
    permissions: [{ name: 'music.create', restrictions: [{ name: 'minutes', value: 60 }] }],
  },
];

const usd = (amount: number, interval_count: number): SeedPrice => ({
  amount,
  currency: 'USD',
  interval: 'month',
  interval_count,
});

export const defaultPlans: SeedPlan[] = [
  {
    name: 'Basic',
    description: 'Listen and share your first tracks for free.',
    free: true,
    recommended: false,
    hidden: false,
    position: 1,
    feature_list: [
      '3h upload time',
      'Ad supported experience',
      'Listen on any device',
      'Unlimited streaming',
    ],
    permissions: [
      ...grants('files.create'),
      { name: 'music.create', restrictions: [{ name: 'minutes', value: 180 }] },
    ],
    prices: [],
  },
  {
    name: 'Pro Unlimited',
    description: 'Everything, without limits.',
    free: false,
    recommended: true,
    hidden: false,
    position: 2,
    feature_list: ['Unlimited upload time', 'No ads', 'Download tracks', 'Pro badge'],
    // An empty restriction list means unlimited upload minutes.
    permissions: grants('files.create', 'music.create'),
    prices: [usd(8, 1), usd(43, 6), usd(76, 12)],
  },
];
