import type { TListeningSettings } from '@cadence/contracts/transcoding';
import { LOUDNESS_MODES, TRANSCODE_FORMATS } from '@cadence/contracts/transcoding-formats';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import './listening.tables';

type Db = Kysely<Database>;

export const DEFAULT_LISTENING_SETTINGS: TListeningSettings = {
  max_bit_rate: null,
  format: null,
  loudness: 'track',
  preamp_db: 0,
  crossfade_seconds: 0,
};

const isFormat = (value: string | null): value is TListeningSettings['format'] & string =>
  (TRANSCODE_FORMATS as readonly string[]).includes(value ?? '');
const isLoudness = (value: string): value is TListeningSettings['loudness'] =>
  (LOUDNESS_MODES as readonly string[]).includes(value);

/** The listener's settings, the defaults when they never saved any. */
export async function findListeningSettings(db: Db, userId: number): Promise<TListeningSettings> {
  const row = await db
    .selectFrom('listening_settings')
    .select(['max_bit_rate', 'format', 'loudness', 'preamp_db', 'crossfade_seconds'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_LISTENING_SETTINGS;
  return {
    max_bit_rate: row.max_bit_rate,
    format: isFormat(row.format) ? row.format : null,
    loudness: isLoudness(row.loudness) ? row.loudness : 'track',
    preamp_db: Number(row.preamp_db),
    crossfade_seconds: Number(row.crossfade_seconds),
  };
}

export async function saveListeningSettings(db: Db, userId: number, settings: TListeningSettings) {
  await db
    .insertInto('listening_settings')
    .values({ user_id: userId, ...settings, updated_at: new Date() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...settings, updated_at: new Date() }))
    .execute();
}
