import type { TProfile, ZProfileUpdateSchema } from '@cadence/contracts/profile';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { isoRequired } from '../catalogue/catalogue-utils';
import { toUserRef } from '../playlists/playlists.service';

type Db = Kysely<Database>;

export function createProfilesService(db: Db) {
  async function show(userId: number, viewerId: number | null): Promise<TProfile> {
    const user = await db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'image', 'first_name', 'last_name', 'created_at', 'banned_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || user.banned_at) throw new AppError('not_found', 'User not found.');
    const count = (query: { executeTakeFirstOrThrow: () => Promise<{ n: number }> }) =>
      query.executeTakeFirstOrThrow().then((row) => Number(row.n));
    const n = sql<number>`count(*)::int`.as('n');
    const [profile, followers, following, tracks, playlists, reposts, followed] = await Promise.all([
      db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      count(
        db
          .selectFrom('follows')
          .select(n)
          .where('followable_type', '=', 'user')
          .where('followable_id', '=', userId),
      ),
      count(db.selectFrom('follows').select(n).where('follower_id', '=', userId)),
      count(
        db.selectFrom('tracks').select(n).where('owner_id', '=', userId).where('visibility', '=', 'public'),
      ),
      count(db.selectFrom('playlists').select(n).where('owner_id', '=', userId).where('public', '=', true)),
      count(db.selectFrom('reposts').select(n).where('user_id', '=', userId)),
      viewerId
        ? db
            .selectFrom('follows')
            .select('follower_id')
            .where('follower_id', '=', viewerId)
            .where('followable_type', '=', 'user')
            .where('followable_id', '=', userId)
            .executeTakeFirst()
        : undefined,
    ]);
    const ref = toUserRef(user);
    return {
      user: { id: ref.id, name: ref.name, image: ref.image, created_at: isoRequired(user.created_at) },
      header_image: profile?.header_image ?? null,
      description: profile?.description ?? null,
      city: profile?.city ?? null,
      country: profile?.country ?? null,
      links: profile?.links ?? [],
      counts: { followers, following, tracks, playlists, reposts },
      is_followed: !!followed,
    };
  }

  async function update(userId: number, input: z.infer<typeof ZProfileUpdateSchema>): Promise<TProfile> {
    const { links, ...columns } = input;
    const values = { ...columns, ...(links ? { links: JSON.stringify(links) } : {}) };
    await db
      .insertInto('user_profiles')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
    return show(userId, userId);
  }

  return { show, update };
}
