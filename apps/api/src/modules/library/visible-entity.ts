import type { Kysely } from 'kysely';
import type { Actor } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { artistExists } from '../artists/artists.repository';
import { albumExists } from '../catalogue/catalogue-items.repository';
import { assertTrackVisibleTo } from '../catalogue/track-access';
import { createCommentsService } from '../comments/comments.service';
import { createPlaylistsService } from '../playlists/playlists.service';
import { findTracks } from '../tracks/tracks.repository';
import { findProfileUser } from '../users/user-refs.repository';

type Db = Kysely<Database>;
export type TNamedEntityType = 'track' | 'album' | 'artist' | 'playlist' | 'comment' | 'user';

const notFound = () => new AppError('not_found', 'Not found.');

/**
 * The check a write naming an entity (like, follow, report...) makes first: the entity must be
 * one the actor's GET of it would show, else the same 404 as a missing id, echoing nothing.
 * Each case reuses the rule of that entity's own GET route.
 */
export async function assertCanSeeEntity(db: Db, actor: Actor, type: TNamedEntityType, id: number) {
  switch (type) {
    case 'track':
      return assertCanSeeTracks(db, actor, [id]);
    case 'album':
      if (!(await albumExists(db, id))) throw notFound();
      return;
    case 'artist':
      if (!(await artistExists(db, id))) throw notFound();
      return;
    case 'playlist':
      await createPlaylistsService(db).findVisible(actor, id);
      return;
    case 'comment':
      await createCommentsService(db).findVisible(actor, id);
      return;
    case 'user': {
      // As the public profile: a banned user is a 404, as for a missing one.
      const user = await findProfileUser(db, id);
      if (!user || user.banned_at) throw notFound();
      return;
    }
  }
}

/** Every track must exist and be visible: one missing or hidden track is a 404 for the batch. */
export async function assertCanSeeTracks(db: Db, actor: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const tracks = await findTracks(db, unique);
  if (tracks.length !== unique.length) throw notFound();
  for (const track of tracks) await assertTrackVisibleTo(db, actor, track);
}
