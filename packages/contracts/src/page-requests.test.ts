import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstPageFor, pageRequests, pageRequestUrl, responseKey } from './page-requests';

describe('the first GET of a player page', () => {
  it.each([
    ['/', 'channel', '/api/v1/channel/discover?page=1&perPage=50'],
    ['/album/5/Neon%20Atlas/Night%20Drive', 'album', '/api/v1/albums/5?with=tracks%2Cgenres%2Ctags'],
    [
      '/artist/6',
      'artist',
      '/api/v1/artists/6?with=albums%2Ctop_tracks%2Cgenres&loadCount=followers%2Clikes',
    ],
    [
      '/artist/6/neon-atlas/',
      'artist',
      '/api/v1/artists/6?with=albums%2Ctop_tracks%2Cgenres&loadCount=followers%2Clikes',
    ],
    ['/track/24/tunnel-vision', 'track', '/api/v1/tracks/24?with=genres%2Ctags'],
    ['/playlist/3/road-trip', 'playlist', '/api/v1/playlists/3?with=owner%2Ctracks%2Ceditors'],
    ['/search/neon%20atlas', 'searchAll', '/api/v1/search?query=neon+atlas&perPage=10'],
    ['/search/neon/all', 'searchAll', '/api/v1/search?query=neon&perPage=10'],
  ])('%s starts with %s', (pathname, kind, url) => {
    const page = firstPageFor(pathname, 'discover');
    expect(page?.kind).toBe(kind);
    expect(page && pageRequestUrl(page.request)).toBe(url);
  });

  it.each([
    '/discover',
    '/album/5',
    '/album/x/a/b',
    '/track/24/tunnel-vision/embed',
    '/search',
    '/search/%20',
    '/search/%E0%A4%A',
    '/search/neon/tracks',
    '/library',
  ])('%s has none to inline', (pathname) => {
    expect(firstPageFor(pathname, 'discover')).toBeNull();
  });

  it('has no home request when the home page is the landing page', () => {
    expect(firstPageFor('/', null)).toBeNull();
    expect(firstPageFor('/', 'charts')?.request).toEqual(pageRequests.channel('charts'));
  });
});

describe('responseKey', () => {
  it('is the same whatever the order and encoding of the params, and ignores the origin', () => {
    expect(responseKey('http://localhost:3000/api/v1/albums/5?with=tracks,genres&workspaceId=2')).toBe(
      responseKey('/api/v1/albums/5?workspaceId=2&with=tracks%2Cgenres'),
    );
    expect(responseKey('/api/v1/albums/5?with=tracks')).not.toBe(responseKey('/api/v1/albums/6?with=tracks'));
    expect(responseKey('/api/v1/search?query=a&perPage=10')).not.toBe(
      responseKey('/api/v1/search?query=a&perPage=10&types=track'),
    );
  });

  it('matches every permutation of any params', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ minLength: 1 }), fc.string()), { selector: ([key]) => key }),
        (params) => {
          const forward = new URLSearchParams(params).toString();
          const backward = new URLSearchParams([...params].reverse()).toString();
          expect(responseKey(`/api/v1/x?${forward}`)).toBe(responseKey(`/api/v1/x?${backward}`));
        },
      ),
    );
  });
});
