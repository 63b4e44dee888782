import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../platform/auth/actor';
import { findStreamableTrackVisibleTo } from '../catalogue/track-access';
import { findStreamableTrack, type StreamableTrack } from '../catalogue/track-rows.repository';

/** The catalogue cache variant of a track's stream row (page variants are JSON queries: no clash). */
const STREAM_VARIANT = 'stream-row';

/**
 * A player asks for one track in many ranges. A track everyone may play (public, unlisted) is the
 * same row for every listener who passed `music.play`, so it is kept under the track page's
 * generation in the catalogue cache, which every write to the track drops; a private track is
 * looked up and checked for its viewer on each request. The web stream route and the Subsonic
 * `stream` method both read through it.
 */
export function createPlayableTracks(app: FastifyInstance) {
  const { db } = app.deps;
  const { catalogue } = app.services;
  return async function playableTrack(actor: Actor, id: number): Promise<StreamableTrack> {
    const json = await catalogue.read({ kind: 'track', id }, STREAM_VARIANT, async () => {
      const track = await findStreamableTrack(db, id);
      return track && track.visibility !== 'private' ? JSON.stringify(track) : null;
    });
    if (json !== null) return JSON.parse(json) as StreamableTrack;
    return findStreamableTrackVisibleTo(db, actor, id);
  };
}
