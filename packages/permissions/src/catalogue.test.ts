import { ZPermissionDefinitionSchema } from '@cadence/contracts/permission-catalogue-types';
import { describe, expect, it } from 'vitest';
import {
  getPermissionEntry,
  isPermissionName,
  offeredPermissions,
  PERMISSION_NAMES,
  permissionCatalogue,
} from './catalogue';

describe('permission catalogue', () => {
  it('lists every name once, in order, with a valid definition', () => {
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSION_NAMES.length);
    expect(permissionCatalogue.map((item) => item.name)).toEqual([...PERMISSION_NAMES]);
    for (const item of permissionCatalogue) {
      expect(ZPermissionDefinitionSchema.parse(item)).toEqual(item);
      expect(item.displayName).not.toBe('');
      expect(item.description).toMatch(/\.$/);
    }
  });

  it('holds the full design table', () => {
    const crud = (prefix: string) => ['view', 'create', 'update', 'delete'].map((a) => `${prefix}.${a}`);
    const expected = [
      'admin',
      'admin.access',
      'appearance.update',
      'api.access',
      ...['view', 'play', 'download', 'embed', 'create', 'update', 'delete'].map((a) => `music.${a}`),
      ...crud('playlists'),
      ...crud('comments'),
      ...crud('backstageRequests'),
      ...['artists', 'albums', 'tracks', 'genres', 'lyrics', 'channels'].flatMap(crud),
      ...['users', 'roles', 'tags', 'localizations', 'plans', 'custom_pages'].flatMap(crud),
      ...crud('files'),
      'files.download',
      'settings.view',
      'settings.update',
      'invoices.view',
      ...crud('workspaces'),
      'workspace_members.invite',
      'workspace_members.update',
      'workspace_members.delete',
      'logs.view',
      'subscriptions.update',
      'backstageRequests.handle',
      'reports.handle',
    ];
    expect([...PERMISSION_NAMES].sort()).toEqual(expected.sort());
  });

  it('marks the catalogue resources advanced, plans billing-only and member permissions workspace-typed', () => {
    for (const item of permissionCatalogue) {
      const resource = item.name.split('.')[0]!;
      expect(item.advanced).toBe(
        ['artists', 'albums', 'tracks', 'genres', 'lyrics', 'channels'].includes(resource),
      );
      expect(item.billingOnly).toBe(resource === 'plans');
      expect(item.type).toBe(resource === 'workspace_members' ? 'workspace' : 'sitewide');
    }
  });

  it('carries exactly the designed restrictions', () => {
    const withRestrictions = permissionCatalogue
      .filter((item) => item.restrictions.length > 0)
      .map((item) => [item.name, item.restrictions.map((r) => `${r.name}:${r.type}`)]);
    expect(Object.fromEntries(withRestrictions)).toEqual({
      'music.create': ['minutes:number', 'artist_selection:bool'],
      'playlists.create': ['count:number'],
      'custom_pages.create': ['count:number'],
      'workspaces.create': ['count:number', 'member_count:number'],
    });
  });

  it('looks entries up and drops plans without billing', () => {
    expect(getPermissionEntry('users.view').description).toBe('Allow viewing user profiles.');
    expect(isPermissionName('music.play')).toBe(true);
    expect(isPermissionName('music.fly')).toBe(false);
    const offered = offeredPermissions({ billingEnabled: false }).map((item) => item.name);
    expect(offered.some((name) => name.startsWith('plans.'))).toBe(false);
    expect(offeredPermissions({ billingEnabled: true })).toHaveLength(PERMISSION_NAMES.length);
  });
});
