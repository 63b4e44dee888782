// Zod-free: the player's stream URL builder imports these on its first page.

/** What a stream can be transcoded to (issue 36). */
export const TRANSCODE_FORMATS = ['opus', 'mp3', 'aac'] as const;
export type TTranscodeFormat = (typeof TRANSCODE_FORMATS)[number];

/** The highest `maxBitRate` (kbps) a request may name: CD audio is 1411; 0 means no limit. */
export const MAX_BIT_RATE_LIMIT = 1536;

/** Crossfade bounds of the listener's setting, in seconds. */
export const CROSSFADE_MAX_SECONDS = 12;

/**
 * How the player levels loudness: off, per track, per album (ReplayGain 2.0 gains), or auto (the
 * album gain while an album plays in order, the track gain otherwise).
 */
export const LOUDNESS_MODES = ['off', 'track', 'album', 'auto'] as const;
export type TLoudnessMode = (typeof LOUDNESS_MODES)[number];

/** The listener's pre-amp (dB) added to the ReplayGain gain; peak protection still applies. */
export const PREAMP_MIN_DB = -15;
export const PREAMP_MAX_DB = 15;
