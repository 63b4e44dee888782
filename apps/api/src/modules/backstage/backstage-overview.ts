import type { TBackstageOverview } from '@cadence/contracts/backstage';
import type { Kysely } from 'kysely';
import type { Actor } from '../../platform/auth/actor';
import type { AuthUser } from '../../platform/auth/auth-user';
import type { Database } from '../../platform/db/schema';
import { recentAlbumsIn } from '../albums/albums.repository';
import { artistCardsManagedBy, artistCardsOfWorkspace } from '../artists/artists.repository';
import type { WorkspaceDirectory } from '../catalogue/catalogue-access';
import type { MusicScope } from '../catalogue/catalogue-items.repository';
import { isoRequired } from '../catalogue/catalogue-utils';
import { recentTracksIn } from '../tracks/tracks.repository';
import { recentRequestsOf } from './backstage-requests.repository';
import { uploadMinutesOf } from './upload-minutes';

/** The backstage home: the artists the user manages, their music, requests and minutes. */
export function createBackstageOverview(deps: { db: Kysely<Database>; workspaces: WorkspaceDirectory }) {
  const { db, workspaces } = deps;

  /** The artists the user (or, in a workspace, any member) manages, plus the workspace's own. */
  async function artistsOf(actor: Actor, user: AuthUser) {
    const managers = actor.workspaceId ? await workspaces.memberIds(actor.workspaceId) : [user.id];
    const artists = await artistCardsManagedBy(db, managers);
    if (actor.workspaceId) {
      const own = await artistCardsOfWorkspace(db, actor.workspaceId);
      const known = new Set(artists.map((artist) => Number(artist.id)));
      artists.push(...own.filter((artist) => !known.has(Number(artist.id))));
      artists.sort((a, b) => a.name.localeCompare(b.name));
    }
    return artists;
  }

  return async function overview(actor: Actor, user: AuthUser): Promise<TBackstageOverview> {
    // With a workspace active (membership checked by the workspace scope) its music is listed.
    const scope: MusicScope = actor.workspaceId ? { workspaceId: actor.workspaceId } : { ownerId: user.id };
    const artists = await artistsOf(actor, user);
    const [albums, tracks, requests, minutes] = await Promise.all([
      recentAlbumsIn(db, scope),
      recentTracksIn(db, scope),
      recentRequestsOf(db, user.id),
      uploadMinutesOf(db, actor, user.id),
    ]);
    return {
      artists: artists.map((a) => ({
        id: Number(a.id),
        name: a.name,
        image: a.image_small,
        verified: a.verified,
      })),
      albums: albums.map((a) => ({ id: Number(a.id), name: a.name, image: a.image, plays: Number(a.plays) })),
      tracks: tracks.map((t) => ({
        id: Number(t.id),
        name: t.name,
        album_id: t.album_id ? Number(t.album_id) : null,
        duration: t.duration,
        plays: Number(t.plays),
      })),
      requests: requests.map((r) => ({
        id: Number(r.id),
        type: r.type,
        status: r.status,
        created_at: isoRequired(r.created_at),
      })),
      minutes,
    };
  };
}
