import type {
  TPermissionDefinition,
  TRestrictionDefinition,
} from '@cadence/contracts/permission-catalogue-types';

/**
 * THE permission catalogue (settings-and-permissions.md 3). The api seeds and enforces these
 * names; the role editor lists them; the apps gate routes and menus with them.
 * `*.update`/`*.delete` cover other people's items: owners manage their own without them.
 */
export const PERMISSION_NAMES = [
  'admin',
  'admin.access',
  'appearance.update',
  'api.access',
  'music.view',
  'music.play',
  'music.download',
  'music.embed',
  'music.create',
  'music.update',
  'music.delete',
  'playlists.view',
  'playlists.create',
  'playlists.update',
  'playlists.delete',
  'comments.view',
  'comments.create',
  'comments.update',
  'comments.delete',
  'backstageRequests.view',
  'backstageRequests.create',
  'backstageRequests.update',
  'backstageRequests.delete',
  'artists.view',
  'artists.create',
  'artists.update',
  'artists.delete',
  'albums.view',
  'albums.create',
  'albums.update',
  'albums.delete',
  'tracks.view',
  'tracks.create',
  'tracks.update',
  'tracks.delete',
  'genres.view',
  'genres.create',
  'genres.update',
  'genres.delete',
  'lyrics.view',
  'lyrics.create',
  'lyrics.update',
  'lyrics.delete',
  'channels.view',
  'channels.create',
  'channels.update',
  'channels.delete',
  'users.view',
  'users.create',
  'users.update',
  'users.delete',
  'roles.view',
  'roles.create',
  'roles.update',
  'roles.delete',
  'tags.view',
  'tags.create',
  'tags.update',
  'tags.delete',
  'localizations.view',
  'localizations.create',
  'localizations.update',
  'localizations.delete',
  'plans.view',
  'plans.create',
  'plans.update',
  'plans.delete',
  'custom_pages.view',
  'custom_pages.create',
  'custom_pages.update',
  'custom_pages.delete',
  'files.view',
  'files.create',
  'files.update',
  'files.delete',
  'files.download',
  'settings.view',
  'settings.update',
  'invoices.view',
  'workspaces.view',
  'workspaces.create',
  'workspaces.update',
  'workspaces.delete',
  'workspace_members.invite',
  'workspace_members.update',
  'workspace_members.delete',
  'logs.view',
  'subscriptions.update',
  'backstageRequests.handle',
  'reports.handle',
] as const;

export type PermissionName = (typeof PERMISSION_NAMES)[number];

export const PERMISSION_GROUPS = {
  admin: 'Admin',
  api: 'API',
  music: 'Music',
  playlists: 'Playlists',
  comments: 'Comments',
  backstage: 'Backstage',
  catalogue: 'Catalogue',
  users: 'Users',
  roles: 'Roles',
  tags: 'Tags',
  localizations: 'Localizations',
  plans: 'Plans',
  custom_pages: 'Custom pages',
  files: 'Files',
  settings: 'Settings',
  invoices: 'Invoices',
  workspaces: 'Workspaces',
  workspace_members: 'Workspace members',
  'admin-only': 'Admin only',
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

export interface TPermissionEntry extends TPermissionDefinition {
  name: PermissionName;
  group: PermissionGroup;
}

type TEntryDetails = Omit<TPermissionEntry, 'name'>;

interface TEntryFlags {
  advanced?: boolean;
  billingOnly?: boolean;
  type?: 'sitewide' | 'workspace';
  restrictions?: TRestrictionDefinition[];
}

function entry(group: PermissionGroup, displayName: string, description: string, flags: TEntryFlags = {}) {
  return {
    group,
    displayName,
    description,
    advanced: flags.advanced ?? false,
    billingOnly: flags.billingOnly ?? false,
    type: flags.type ?? 'sitewide',
    restrictions: flags.restrictions ?? [],
  } satisfies TEntryDetails;
}

const count = (description: string): TRestrictionDefinition => ({
  name: 'count',
  type: 'number',
  description,
});

/** view/create/update/delete of one resource, worded the same way everywhere. */
function crud<P extends string>(
  prefix: P,
  group: PermissionGroup,
  noun: string,
  flags: TEntryFlags = {},
): Record<`${P}.${'view' | 'create' | 'update' | 'delete'}`, TEntryDetails> {
  return {
    [`${prefix}.view`]: entry(group, `View ${noun}`, `Allow viewing ${noun}.`, flags),
    [`${prefix}.create`]: entry(group, `Create ${noun}`, `Allow creating ${noun}.`, flags),
    [`${prefix}.update`]: entry(
      group,
      `Update ${noun}`,
      `Allow updating all ${noun}, not just the user's own.`,
      flags,
    ),
    [`${prefix}.delete`]: entry(
      group,
      `Delete ${noun}`,
      `Allow deleting all ${noun}, not just the user's own.`,
      flags,
    ),
  } as Record<`${P}.${'view' | 'create' | 'update' | 'delete'}`, TEntryDetails>;
}

const details = {
  admin: entry('admin', 'Super admin', 'Grants every permission, now and in the future.'),
  'admin.access': entry('admin', 'Access admin', 'Allow access to the admin area.'),
  'appearance.update': entry('admin', 'Update appearance', 'Allow editing the site appearance and themes.'),
  'api.access': entry(
    'api',
    'Access API',
    'Allow reading the API documentation and creating API access tokens.',
  ),

  'music.view': entry('music', 'View music', 'Allow browsing artists, albums, tracks and genres.'),
  'music.play': entry('music', 'Play music', 'Allow playing tracks.'),
  'music.download': entry(
    'music',
    'Download music',
    'Allow downloading tracks, and saving albums and playlists for offline listening.',
  ),
  'music.embed': entry(
    'music',
    'Embed music',
    'Allow embedding the player for tracks, albums and playlists.',
  ),
  'music.create': entry('music', 'Upload music', 'Allow uploading tracks and creating albums.', {
    restrictions: [
      {
        name: 'minutes',
        type: 'number',
        description: "Total minutes of audio across the user's tracks. Leave empty for unlimited.",
      },
      {
        name: 'artist_selection',
        type: 'bool',
        description: 'Allow picking any artist for uploads, not only the artists the user manages.',
      },
    ],
  }),
  'music.update': entry(
    'music',
    'Update music',
    "Allow updating all tracks and albums, not just the user's own.",
  ),
  'music.delete': entry(
    'music',
    'Delete music',
    "Allow deleting all tracks and albums, not just the user's own.",
  ),

  'playlists.view': entry('playlists', 'View playlists', 'Allow viewing public playlists.'),
  'playlists.create': entry('playlists', 'Create playlists', 'Allow creating playlists.', {
    restrictions: [count('Maximum number of playlists the user can create. Leave empty for unlimited.')],
  }),
  'playlists.update': entry(
    'playlists',
    'Update playlists',
    "Allow updating all playlists, not just the user's own.",
  ),
  'playlists.delete': entry(
    'playlists',
    'Delete playlists',
    "Allow deleting all playlists, not just the user's own.",
  ),

  ...crud('comments', 'comments', 'comments'),
  'backstageRequests.view': entry(
    'backstage',
    'View backstage requests',
    'Allow viewing backstage requests.',
  ),
  'backstageRequests.create': entry(
    'backstage',
    'Create backstage requests',
    'Allow requesting to become an artist or to claim an artist profile.',
  ),
  'backstageRequests.update': entry(
    'backstage',
    'Update backstage requests',
    "Allow updating all backstage requests, not just the user's own.",
  ),
  'backstageRequests.delete': entry(
    'backstage',
    'Delete backstage requests',
    "Allow deleting all backstage requests, not just the user's own.",
  ),

  ...crud('artists', 'catalogue', 'artists', { advanced: true }),
  ...crud('albums', 'catalogue', 'albums', { advanced: true }),
  ...crud('tracks', 'catalogue', 'tracks', { advanced: true }),
  ...crud('genres', 'catalogue', 'genres', { advanced: true }),
  ...crud('lyrics', 'catalogue', 'lyrics', { advanced: true }),
  ...crud('channels', 'catalogue', 'channels', { advanced: true }),

  ...crud('users', 'users', 'users'),
  'users.view': entry('users', 'View users', 'Allow viewing user profiles.'),
  ...crud('roles', 'roles', 'roles'),
  ...crud('tags', 'tags', 'tags'),
  ...crud('localizations', 'localizations', 'localizations'),
  ...crud('plans', 'plans', 'plans', { billingOnly: true }),

  ...crud('custom_pages', 'custom_pages', 'custom pages'),
  'custom_pages.create': entry('custom_pages', 'Create custom pages', 'Allow creating custom pages.', {
    restrictions: [count('Maximum number of pages the user can create. Leave empty for unlimited.')],
  }),

  'files.view': entry('files', 'View files', "Allow viewing all uploaded files, not just the user's own."),
  'files.create': entry(
    'files',
    'Upload files',
    'Allow uploading files of any kind (avatars, artwork, audio).',
  ),
  'files.update': entry('files', 'Update files', "Allow updating all files, not just the user's own."),
  'files.delete': entry('files', 'Delete files', "Allow deleting all files, not just the user's own."),
  'files.download': entry('files', 'Download files', 'Allow downloading uploaded files.'),

  'settings.view': entry('settings', 'View settings', 'Allow viewing site settings.'),
  'settings.update': entry('settings', 'Update settings', 'Allow changing site settings and ads.'),
  'invoices.view': entry('invoices', 'View invoices', "Allow viewing all invoices, not just the user's own."),

  ...crud('workspaces', 'workspaces', 'workspaces'),
  'workspaces.create': entry('workspaces', 'Create workspaces', 'Allow creating workspaces.', {
    restrictions: [
      count('Maximum number of workspaces the user can create. Leave empty for unlimited.'),
      {
        name: 'member_count',
        type: 'number',
        description: 'Maximum number of members in each workspace the user owns. Leave empty for unlimited.',
      },
    ],
  }),
  'workspace_members.invite': entry(
    'workspace_members',
    'Invite members',
    'Allow inviting members to the workspace.',
    {
      type: 'workspace',
    },
  ),
  'workspace_members.update': entry(
    'workspace_members',
    'Update members',
    'Allow changing the role of workspace members.',
    { type: 'workspace' },
  ),
  'workspace_members.delete': entry(
    'workspace_members',
    'Remove members',
    'Allow removing workspace members.',
    {
      type: 'workspace',
    },
  ),

  'logs.view': entry('admin-only', 'View logs', 'Allow viewing and downloading error logs.'),
  'subscriptions.update': entry(
    'admin-only',
    'Manage subscriptions',
    "Allow managing all users' subscriptions.",
  ),
  'backstageRequests.handle': entry(
    'admin-only',
    'Handle backstage requests',
    'Allow approving and denying backstage requests.',
  ),
  'reports.handle': entry(
    'admin-only',
    'Handle reports',
    'Allow reviewing reports from listeners and hiding, deleting or dismissing what they report.',
  ),
} satisfies Record<PermissionName, TEntryDetails>;

export const permissionCatalogue: readonly TPermissionEntry[] = PERMISSION_NAMES.map((name) => ({
  name,
  ...details[name],
}));

const byName = new Map<string, TPermissionEntry>(permissionCatalogue.map((item) => [item.name, item]));

export function isPermissionName(name: string): name is PermissionName {
  return byName.has(name);
}

export function getPermissionEntry(name: PermissionName): TPermissionEntry {
  return byName.get(name)!;
}

/** The catalogue as the role editor should offer it: plans.* only while billing is on. */
export function offeredPermissions(options: { billingEnabled: boolean }): TPermissionEntry[] {
  return permissionCatalogue.filter((item) => options.billingEnabled || !item.billingOnly);
}
