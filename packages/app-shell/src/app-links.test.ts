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
});
