import type { Kysely } from 'kysely';

/** The listener's loudness pre-amp in dB (issue 36), added to the ReplayGain gain by the player. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('listening_settings')
    .addColumn('preamp_db', 'real', (col) => col.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listening_settings').dropColumn('preamp_db').execute();
}
