import { IMAGE_WIDTHS } from '@cadence/contracts/artwork';
import { TRANSCODE_FORMATS, type TStreamQuery, ZStreamQuerySchema } from '@cadence/contracts/transcoding';
import { MAX_BIT_RATE_LIMIT } from '@cadence/contracts/transcoding-formats';
import { assertActorCanAny } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import { slugify } from '../catalogue/catalogue-utils';
import { findStreamableTrackVisibleTo } from '../catalogue/track-access';
import { createPlaylistsService } from '../playlists/playlists.service';
import { sendStoredFile } from '../public-storage/send-stored-file';
import { resolveAudioSource } from '../streaming/audio-source';
import { createPlayableTracks } from '../streaming/playable-track';
import { sendFile } from '../streaming/send-file';
import { countDownload } from '../tracks/tracks.repository';
import { listenerLimitsOf, sendTranscodedIfNeeded } from '../transcoding/stream-transcoded';
import { albumById } from './subsonic-albums.repository';
import { artistById } from './subsonic-artists.repository';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { parseAnyId, parseId } from './subsonic-ids';
import { SubsonicError } from './subsonic-response';
import { songById } from './subsonic-songs.repository';

const NO_AUDIO = 'This track has no audio';
const AUDIO_CACHE = 'private, max-age=86400';

/** Subsonic apps name Opus in Ogg by its container (subsonic-api's `format` type has `ogg`, not `opus`). */
const FORMAT_ALIASES: Record<string, string> = { ogg: 'opus' };
/** The longest `timeOffset` taken: a day, as the web stream route's contract. */
const MAX_OFFSET_SECONDS = 86_400;

/**
 * The Subsonic `stream` parameters as the web stream route's contract reads them. Numbers are
 * clamped like every Subsonic number (unreadable ones are left out); a `format` the server cannot
 * produce (`flac`, `flv`, ...) is `raw`: the original, as the API allows.
 */
function streamWish(context: SubsonicContext): TStreamQuery {
  const { params } = context;
  const named = params.get('format')?.trim().toLowerCase();
  const format = named ? (FORMAT_ALIASES[named] ?? named) : undefined;
  return ZStreamQuerySchema.parse({
    maxBitRate: params.has('maxBitRate') ? params.int('maxBitRate', 0, 0, MAX_BIT_RATE_LIMIT) : undefined,
    format: format ? ([...TRANSCODE_FORMATS, 'raw'].includes(format) ? format : 'raw') : undefined,
    timeOffset: params.has('timeOffset') ? params.int('timeOffset', 0, 0, MAX_OFFSET_SECONDS) : undefined,
  });
}

/**
 * The track's bytes as the web player gets them (Range, ETag, presigned redirects), through the
 * streaming module's parts. `stream` goes through the transcoding module first, as the web stream
 * route does: `maxBitRate`, `format`, `timeOffset` and the listener's own limit; a download is
 * always the original.
 */
async function sendAudio(context: SubsonicContext, disposition?: 'attachment') {
  const { db, env } = context.app.deps;
  const { reply, request } = context;
  const limits = disposition ? null : listenerLimitsOf(context.app, context.user.id);
  const id = parseId(context.params.required('id'), 'track');
  // Streams read the row the web stream route caches; a download checks it fresh.
  const track = disposition
    ? await findStreamableTrackVisibleTo(db, context.actor, id)
    : await createPlayableTracks(context.app)(context.actor, id);
  const audio = { dataDir: env.DATA_DIR, db, storage: context.app.services.storage };
  const source = await resolveAudioSource(audio, track, disposition ? slugify(track.name) : undefined);
  if (!source) throw new SubsonicError('not_found', NO_AUDIO);
  if (limits) {
    const sent = await sendTranscodedIfNeeded(context.app, request, reply, {
      track,
      source,
      wish: streamWish(context),
      listener: await limits,
      estimateLength: context.params.bool('estimateContentLength') === true,
    });
    if (sent) return 'sent' as const;
  }
  if (disposition && (!request.headers.range || /^bytes=0-/.test(request.headers.range))) {
    await countDownload(db, track.id);
  }
  if (source.kind === 'redirect') {
    reply.redirect(source.url, 302);
    return 'sent' as const;
  }
  const name = `${slugify(track.name)}${source.extension ? `.${source.extension}` : ''}`;
  const headers = disposition
    ? { cacheControl: 'private, no-cache', disposition: `attachment; filename="${name}"` }
    : { cacheControl: AUDIO_CACHE };
  if (source.kind === 'stored') {
    await sendStoredFile(request, reply, { ...source, ...headers });
    return 'sent' as const;
  }
  await sendFile(request, reply, context.openFiles, { ...source, ...headers, notFoundMessage: NO_AUDIO });
  return 'sent' as const;
}

/** The artwork url of an id the caller may see; a hidden or missing item is error 70. */
async function artworkOf(context: SubsonicContext, raw: string): Promise<string | null> {
  const { db } = context.app.deps;
  const parsed = parseAnyId(raw);
  if (!parsed) throw new SubsonicError('not_found', 'Not found');
  const viewer = context.user.id;
  switch (parsed.kind) {
    case 'track': {
      await findStreamableTrackVisibleTo(db, context.actor, parsed.id);
      const song = await songById(db, viewer, parsed.id);
      return song?.image || song?.album_image || null;
    }
    case 'album':
      return (await albumById(db, viewer, parsed.id))?.image ?? null;
    case 'artist': {
      const artist = await artistById(db, viewer, parsed.id);
      if (!artist) throw new SubsonicError('not_found', 'Not found');
      return artist.image_large || artist.image_small;
    }
    case 'playlist': {
      return (await createPlaylistsService(db).findVisible(context.actor, parsed.id)).image;
    }
  }
}

/** The smallest prepared width that covers `size` (the image route serves only those). */
function widthFor(size: number): number {
  return IMAGE_WIDTHS.find((width) => width >= size) ?? (IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number);
}

export const mediaMethods: Record<string, SubsonicMethod> = {
  stream: async (context) => {
    await assertActorCanAny(context.actor, ['music.play']);
    return sendAudio(context);
  },

  download: async (context) => {
    if (!(await context.app.services.settings.get('player.enable_download'))) {
      throw new SubsonicError('not_authorized', 'Downloads are turned off');
    }
    await assertActorCanAny(context.actor, ['music.download']);
    return sendAudio(context, 'attachment');
  },

  /**
   * Artwork by redirect to the image it names: local images through `/api/v1/images` at the
   * prepared width nearest `size`, external ones as they are. Apps follow redirects.
   */
  getCoverArt: async (context) => {
    await assertActorCanAny(context.actor, ['music.view']);
    const image = await artworkOf(context, context.params.required('id'));
    if (!image) throw new SubsonicError('not_found', 'Not found');
    const size = context.params.int('size', 0, 0, 10_000);
    let target = image;
    if (image.startsWith('/api/v1/images/') && size > 0) {
      target = `${image.split('?')[0]}?w=${widthFor(size)}`;
    }
    if (!/^(https?:\/\/|\/)/.test(target)) throw new AppError('not_found');
    context.reply.redirect(target, 302);
    return 'sent';
  },
};
