import { describe, expect, it } from 'vitest';
import { luaLines, MIX, mixedRequests, type TKind } from './mixed-mix';

const input = {
  albums: 100,
  artists: 20,
  tracks: 1000,
  streamTrackId: 1001,
  streamBytes: 8 * 1024 * 1024,
  session: { cookie: 'cadence_session=abc; XSRF-TOKEN=x', xsrf: 'x' },
};

describe('mixedRequests', () => {
  const requests = mixedRequests(input, 1000);

  it('draws each kind in its share', () => {
    const counts = new Map<TKind, number>();
    for (const request of requests) counts.set(request.kind, (counts.get(request.kind) ?? 0) + 1);
    for (const [kind, share] of Object.entries(MIX)) expect(counts.get(kind as TKind)).toBe(share * 10);
  });

  it('mixes guests and the signed-in listener; play reports are always signed in with XSRF', () => {
    const reads = requests.filter((request) => request.kind !== 'play');
    const signedIn = reads.filter((request) => request.headers.cookie !== undefined).length;
    expect(signedIn / reads.length).toBeGreaterThan(0.4);
    expect(signedIn / reads.length).toBeLessThan(0.6);
    for (const play of requests.filter((request) => request.kind === 'play')) {
      expect(play.method).toBe('POST');
      expect(play.headers['x-xsrf-token']).toBe('x');
      expect(JSON.parse(play.body)).toMatchObject({ source: 'album' });
    }
  });

  it('keeps ids and ranges inside the catalogue and the file', () => {
    for (const request of requests) {
      const album = /\/albums\/(\d+)/.exec(request.path);
      if (album) expect(Number(album[1])).toBeLessThanOrEqual(input.albums);
      const range = /bytes=(\d+)-(\d+)/.exec(request.headers.range ?? '');
      if (range) {
        expect(Number(range[2]) - Number(range[1]) + 1).toBe(256 * 1024);
        expect(Number(range[2])).toBeLessThan(input.streamBytes);
      }
    }
  });

  it('is the same list on every run', () => {
    expect(mixedRequests(input, 200)).toEqual(mixedRequests(input, 200));
  });
});

describe('luaLines', () => {
  it('writes one tab-separated line per request, headers joined by |', () => {
    const text = luaLines([
      {
        kind: 'play',
        method: 'POST',
        path: '/p',
        headers: { cookie: 'a=b; c=d', 'x-xsrf-token': 'x' },
        body: '{}',
      },
    ]);
    expect(text).toBe('POST\t/p\tcookie:a=b; c=d|x-xsrf-token:x\t{}');
  });

  it('refuses a header it could not write', () => {
    expect(() =>
      luaLines([{ kind: 'album', method: 'GET', path: '/', headers: { cookie: 'a|b' }, body: '' }]),
    ).toThrow();
  });
});
