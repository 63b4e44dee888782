import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ARTISTS } from '../../seed/demo-catalogue-data';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

// Rendering the demo's audio takes a while on shared cores.
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO_CATALOGUE: 'true' } });
}, 120_000);
afterAll(async () => t?.close());

describe('similar artists on a fresh demo catalogue', () => {
  it('are there from the first request for every demo artist, with no job run by hand', async () => {
    const artists = await t.deps.db.selectFrom('artists').select(['id', 'name']).orderBy('id').execute();
    expect(artists.map((artist) => artist.name)).toEqual(DEMO_ARTISTS.map((artist) => artist.name));
    for (const artist of artists) {
      const response = await t.app.inject({ url: `/api/v1/artists/${artist.id}/similar` });
      expect(response.statusCode).toBe(200);
      const names = response.json().artists.map((similar: { name: string }) => similar.name);
      expect(names.length, artist.name).toBeGreaterThan(0);
      expect(names).not.toContain(artist.name);
    }
  });

  it('ranks artists sharing genres and tags first', async () => {
    const { id } = await t.deps.db
      .selectFrom('artists')
      .select('id')
      .where('name', '=', 'The Velvet Static')
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({ url: `/api/v1/artists/${id}/similar` });
    // Neon Atlas shares synthwave, electronic and the "night" tag with The Velvet Static.
    expect(response.json().artists[0].name).toBe('Neon Atlas');
  });
});
