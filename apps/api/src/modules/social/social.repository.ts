import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** The services the user connected, for account settings. */
export function connectedServices(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('social_profiles')
    .select(['service_name', 'username'])
    .where('user_id', '=', userId)
    .orderBy('service_name')
    .execute();
}

export function findProfile(db: Kysely<Database>, service: string, serviceUserId: string) {
  return db
    .selectFrom('social_profiles')
    .selectAll()
    .where('service_name', '=', service)
    .where('user_service_id', '=', serviceUserId)
    .executeTakeFirst();
}

/** One profile per service per user: connecting again replaces the earlier one. */
export async function connect(
  db: Kysely<Database>,
  userId: number,
  service: string,
  serviceUserId: string,
  username: string | null,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('social_profiles')
      .where('user_id', '=', userId)
      .where('service_name', '=', service)
      .execute();
    await trx
      .insertInto('social_profiles')
      .values({ user_id: userId, service_name: service, user_service_id: serviceUserId, username })
      .execute();
  });
}

export async function disconnect(db: Kysely<Database>, userId: number, service: string) {
  await db
    .deleteFrom('social_profiles')
    .where('user_id', '=', userId)
    .where('service_name', '=', service)
    .execute();
}
