import { describe, expect, it } from 'vitest';
import { resolveAppLink } from './app-links';

describe('resolveAppLink', () => {
  it('routes player paths inside the player and sends admin/backstage paths to their app', () => {
    expect(resolveAppLink('/library/songs', '')).toEqual({ kind: 'route', to: '/library/songs' });
    expect(resolveAppLink('/admin', '')).toEqual({ kind: 'document', href: '/admin' });
    expect(resolveAppLink('/backstage/requests', '')).toEqual({
      kind: 'document',
      href: '/backstage/requests',
    });
    expect(resolveAppLink('/administrators', '')).toEqual({ kind: 'route', to: '/administrators' });
    // Spec 2.10: the backstage's request form at the root is the backstage's page.
    expect(resolveAppLink('/become-artist', '')).toEqual({ kind: 'document', href: '/become-artist' });
    expect(resolveAppLink('/claim-artist', '')).toEqual({ kind: 'document', href: '/claim-artist' });
  });

  it('strips the basename inside admin and leaves the app for other paths', () => {
    expect(resolveAppLink('/admin', '/admin')).toEqual({ kind: 'route', to: '/' });
    expect(resolveAppLink('/admin/users', '/admin')).toEqual({ kind: 'route', to: '/users' });
    expect(resolveAppLink('/', '/admin')).toEqual({ kind: 'document', href: '/' });
  });

  it('treats absolute URLs as documents', () => {
    expect(resolveAppLink('https://example.com/x', '')).toEqual({
      kind: 'document',
      href: 'https://example.com/x',
    });
  });

  it("sends a link to another app to that app's own origin when the apps are deployed apart", () => {
    const urls = {
      api: 'https://api.example.com',
      player: 'https://example.com',
      admin: 'https://admin.example.com/admin',
      backstage: 'https://example.com/backstage',
    };
    expect(resolveAppLink('/admin', '', urls)).toEqual({
      kind: 'document',
      href: 'https://admin.example.com/admin',
    });
    expect(resolveAppLink('/admin/users', '', urls)).toEqual({
      kind: 'document',
      href: 'https://admin.example.com/admin/users',
    });
    expect(resolveAppLink('/backstage/requests', '/admin', urls)).toEqual({
      kind: 'document',
      href: 'https://example.com/backstage/requests',
    });
    // The admin's "View site" goes to the player's origin.
    expect(resolveAppLink('/', '/admin', urls)).toEqual({ kind: 'document', href: 'https://example.com/' });
    expect(resolveAppLink('/api-docs', '', urls)).toEqual({
      kind: 'document',
      href: 'https://api.example.com/api-docs',
    });
    // Routes of the current app stay client-side routes.
    expect(resolveAppLink('/admin/users', '/admin', urls)).toEqual({ kind: 'route', to: '/users' });
    expect(resolveAppLink('/library', '', urls)).toEqual({ kind: 'route', to: '/library' });
  });
});
