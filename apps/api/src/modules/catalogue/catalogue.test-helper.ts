import type { TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-app';
import { slugify } from './catalogue-utils';

export type Headers = Record<string, string>;

export async function headersFor(t: TestApp, userId: number): Promise<Headers> {
  const { cookie, xsrf } = await t.sessionCookie(userId);
  return { cookie, 'x-xsrf-token': xsrf };
}

/** A user with direct grants (no roles) and ready-to-send session headers. */
export async function actor(
  t: TestApp,
  permissions: string[] = [],
): Promise<{ id: number; headers: Headers }> {
  const id = await createTestUser(t.deps, { permissions });
  return { id, headers: await headersFor(t, id) };
}

export async function insertArtist(t: TestApp, name: string, managerId?: number): Promise<number> {
  const { id } = await t.deps.db
    .insertInto('artists')
    .values({ name, slug: slugify(name) })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (managerId)
    await t.deps.db.insertInto('user_artist').values({ user_id: managerId, artist_id: id }).execute();
  return id;
}

export async function insertTrack(
  t: TestApp,
  values: {
    name: string;
    artistId: number;
    albumId?: number | null;
    ownerId?: number | null;
    duration?: number | null;
    visibility?: 'public' | 'unlisted' | 'private';
    src?: string | null;
    number?: number;
    waveform?: number[];
  },
): Promise<number> {
  const { id } = await t.deps.db
    .insertInto('tracks')
    .values({
      name: values.name,
      slug: slugify(values.name),
      album_id: values.albumId ?? null,
      owner_id: values.ownerId ?? null,
      duration: values.duration ?? 180_000,
      visibility: values.visibility ?? 'public',
      src: values.src ?? null,
      number: values.number ?? null,
      waveform: values.waveform ? JSON.stringify(values.waveform) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('artist_track')
    .values({ artist_id: values.artistId, track_id: id, primary: true })
    .execute();
  return id;
}

export async function insertAlbum(
  t: TestApp,
  name: string,
  artistId: number,
  ownerId?: number,
): Promise<number> {
  const { id } = await t.deps.db
    .insertInto('albums')
    .values({ name, slug: slugify(name), owner_id: ownerId ?? null, release_date: '2024-05-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db.insertInto('album_artist').values({ album_id: id, artist_id: artistId }).execute();
  return id;
}
