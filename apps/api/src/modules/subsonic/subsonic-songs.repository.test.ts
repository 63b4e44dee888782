import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { randomSongs } from './subsonic-songs.repository';

/**
 * `getRandomSongs` without a filter probes random ids instead of sorting every track: what it
 * picks must still be distinct, listed for the caller (never another's private or unlisted
 * track) and spread over the catalogue; a catalogue too small for the probes still fills the page.
 */
let t: TestApp;
let viewer: number;
const visible = new Set<number>();
const hidden = new Set<number>();

beforeAll(async () => {
  t = await createTestApp();
  viewer = await createTestUser(t.deps, { email: 'random@example.com', permissions: ['music.view'] });
  const other = await createTestUser(t.deps, { email: 'random-other@example.com' });
  const rows = Array.from({ length: 400 }, (_, index) => {
    // Runs of hidden tracks between visible ones: a probe landing in one walks to the next visible.
    const kind =
      index % 10 < 6 ? 'public' : index % 10 < 8 ? 'private' : index % 10 === 8 ? 'unlisted' : 'mine';
    return {
      name: `song ${index}`,
      slug: `random-song-${index}`,
      visibility: (kind === 'mine' ? 'private' : kind) as 'public' | 'private' | 'unlisted',
      owner_id: kind === 'mine' ? viewer : other,
    };
  });
  const inserted = await t.deps.db
    .insertInto('tracks')
    .values(rows)
    .returning(['id', 'visibility', 'owner_id'])
    .execute();
  for (const row of inserted)
    (row.visibility === 'public' || row.owner_id === viewer ? visible : hidden).add(Number(row.id));
});

afterAll(async () => {
  await t.close();
});

describe('randomSongs', () => {
  it('picks distinct tracks the listener may list, all over the catalogue', async () => {
    const seen = new Set<number>();
    for (let call = 0; call < 20; call++) {
      const ids = (await randomSongs(t.deps.db, viewer, 50, {})).map((row) => Number(row.id));
      expect(ids).toHaveLength(50);
      expect(new Set(ids).size).toBe(50);
      for (const id of ids) {
        expect(hidden.has(id)).toBe(false);
        expect(visible.has(id)).toBe(true);
        seen.add(id);
      }
    }
    // 1,000 picks of 280 listed tracks: a pick stuck on a few ids (a plan drawing one target for
    // every probe) would see far fewer.
    expect(seen.size).toBeGreaterThan(200);
  });

  it('fills a page larger than the probes can find by sorting what is listed', async () => {
    const ids = (await randomSongs(t.deps.db, viewer, 500, {})).map((row) => Number(row.id));
    expect(new Set(ids)).toEqual(visible);
  });
});
