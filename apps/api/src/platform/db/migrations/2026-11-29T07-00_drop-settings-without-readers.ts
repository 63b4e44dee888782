import type { Kysely } from 'kysely';

/**
 * Issue 32: settings that nothing read left the catalogue (video fallback, accepted card logos,
 * the maps key, upload tag matching, automatic lyrics, popularity source). Their stored rows go
 * too; the api ignores unknown rows anyway, so this only keeps the table honest.
 */
const REMOVED = [
  'billing.accepted_cards',
  'analytics.gchart_api_key',
  'youtube_api_key',
  'youtube.search_method',
  'youtube.region_code',
  'youtube.suggested_quality',
  'youtube.store_id',
  'uploads.auto_match',
  'player.hide_video_button',
  'player.hide_video',
  'player.mobile.auto_open_overlay',
  'player.lyrics_automate',
  'player.sort_method',
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('settings').where('name', 'in', REMOVED).execute();
}

/** The removed rows held values nothing read: undoing the migration has nothing to restore. */
export async function down(): Promise<void> {}
