import type { Kysely } from 'kysely';

/**
 * Loudness of each track (issue 36): EBU R128 integrated loudness and true peak, measured by
 * ffmpeg or read from ReplayGain tags, with the ReplayGain 2.0 gains (reference -18 LUFS) of the
 * track and of its album. Null until measured.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tracks')
    .addColumn('loudness_lufs', 'real')
    .addColumn('track_gain', 'real')
    .addColumn('track_peak', 'real')
    .addColumn('album_gain', 'real')
    .addColumn('album_peak', 'real')
    .addColumn('loudness_measured_at', 'timestamptz')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tracks')
    .dropColumn('loudness_lufs')
    .dropColumn('track_gain')
    .dropColumn('track_peak')
    .dropColumn('album_gain')
    .dropColumn('album_peak')
    .dropColumn('loudness_measured_at')
    .execute();
}
