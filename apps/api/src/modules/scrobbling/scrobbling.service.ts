import { randomBytes } from 'node:crypto';
import { isScrobblable } from '@cadence/contracts/scrobble-rule';
import {
  SCROBBLE_SERVICES,
  type TScrobbleConnection,
  type TScrobbleService,
} from '@cadence/contracts/scrobbling';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { JobLog, JobQueue } from '../../platform/jobs/jobs';
import type { Cache } from '../../platform/redis/services';
import type { TrackRow } from '../catalogue/track-dto';
import { toTrackDtos } from '../catalogue/track-dto';
import { recentPlayOf } from '../plays/plays.service';
import type { SettingsService } from '../settings/settings.service';
import { decryptSecret, encryptSecret } from '../settings/settings-crypto';
import { createScrobbleDelivery, DELIVER_JOB, NOW_PLAYING_JOB } from './scrobble-delivery';
import * as repository from './scrobbling.repository';
import type { ScrobbledTrack } from './scrobbling.tables';
import {
  createLastfmClient,
  createListenBrainzClient,
  encodeListenBrainzListen,
  ScrobbleServiceError,
} from './service-clients';

type Deps = {
  db: Kysely<Database>;
  cache: Cache;
  settings: Pick<SettingsService, 'getMany'>;
  appKey: string;
  appUrl: string;
  timeoutMs: number;
};

/** A counted play, as the play recorder hands it over. */
export type CountedPlay = {
  playId: number;
  userId: number | null;
  track: TrackRow;
  durationPlayedMs: number;
  playedAt: Date;
};

const STATE_SECONDS = 15 * 60;
const RECENT_PLAY_SLACK_MS = 15 * 60 * 1000;
/**
 * How long a sent listen's key is kept: a report comes within its track's length and
 * `RECENT_PLAY_SLACK_MS`, and a day leaves room for the longest track.
 */
const SENT_KEY_KEEP_MS = 24 * 60 * 60 * 1000;
const stateKey = (state: string) => `scrobbling:lastfm-state:${state}`;

/**
 * Issue 37: listeners' ListenBrainz and Last.fm accounts, and the scrobbles owed to them. A
 * counted play that meets the services' rule goes into the outbox (scrobble-delivery.ts sends it).
 */
export function createScrobblingService(deps: Deps) {
  const { db, cache, appKey } = deps;
  let jobs: JobQueue | null = null;
  let log: JobLog = { error: () => {} };

  async function clients() {
    const settings = await deps.settings.getMany([
      'scrobbling.listenbrainz_url',
      'scrobbling.lastfm_api_url',
      'scrobbling.lastfm_auth_url',
      'scrobbling.lastfm_api_key',
      'scrobbling.lastfm_secret',
    ]);
    const apiKey = String(settings['scrobbling.lastfm_api_key'] ?? '');
    const secret = String(settings['scrobbling.lastfm_secret'] ?? '');
    return {
      listenbrainz: createListenBrainzClient({
        baseUrl: String(settings['scrobbling.listenbrainz_url']),
        timeoutMs: deps.timeoutMs,
      }),
      lastfm:
        apiKey && secret
          ? createLastfmClient({
              apiUrl: String(settings['scrobbling.lastfm_api_url']),
              authUrl: String(settings['scrobbling.lastfm_auth_url']),
              apiKey,
              secret,
              timeoutMs: deps.timeoutMs,
            })
          : null,
    };
  }

  const delivery = createScrobbleDelivery({
    db,
    clients,
    credentialOf: (stored) => decryptSecret(stored, appKey),
    log: (details, message) => log.error(details, message),
  });

  function enqueueDelivery(userId: number, service: TScrobbleService) {
    const id = `${userId}:${service}`;
    // One sender per account at a time (the lane), and one waiting is enough (the job id).
    return jobs?.enqueue(DELIVER_JOB, { userId, service }, { jobId: id, lane: `scrobbles:${id}` });
  }

  async function trackOf(row: TrackRow): Promise<ScrobbledTrack> {
    const [dto] = await toTrackDtos(db, [row]);
    return {
      artist: dto?.artists.map((artist) => artist.name).join(', ') || 'Unknown artist',
      track: row.name,
      album: dto?.album?.name ?? null,
      duration_ms: row.duration ? Number(row.duration) : null,
    };
  }

  async function queue(userId: number, row: TrackRow, playId: number, listenedAt: Date): Promise<boolean> {
    const connections = await repository.listConnections(db, userId);
    if (connections.length === 0) return false;
    const track = await trackOf(row);
    await repository.queueScrobbles(
      db,
      connections.map((connection) => ({
        user_id: userId,
        service: connection.service,
        play_key: `play:${playId}`,
        track,
        listened_at: listenedAt,
        listen:
          connection.service === 'listenbrainz' ? encodeListenBrainzListen({ track, listenedAt }) : null,
      })),
    );
    for (const connection of connections) await enqueueDelivery(userId, connection.service);
    return true;
  }

  return {
    /** Binds the sender and the "now playing" job on the app's queue (tests bind their own). */
    bindJobs(queue: JobQueue, jobLog: JobLog) {
      jobs = queue;
      log = jobLog;
      queue.register(DELIVER_JOB, delivery.deliver);
      queue.register(NOW_PLAYING_JOB, delivery.nowPlaying);
    },

    async connections(userId: number): Promise<TScrobbleConnection[]> {
      const [rows, outbox, { lastfm }] = await Promise.all([
        repository.listConnections(db, userId),
        repository.outboxState(db, userId),
        clients(),
      ]);
      return SCROBBLE_SERVICES.map((service) => {
        const row = rows.find((connection) => connection.service === service);
        const owed = outbox.find((entry) => entry.service === service);
        return {
          service,
          is_available: service === 'listenbrainz' || lastfm !== null,
          is_connected: Boolean(row),
          account_name: row?.account_name ?? null,
          connected_at: row?.created_at.toISOString() ?? null,
          pending: Number(owed?.pending ?? 0),
          last_error: owed?.last_error ?? null,
        };
      });
    },

    async connectListenBrainz(userId: number, token: string): Promise<void> {
      const { listenbrainz } = await clients();
      let name: string | null;
      try {
        name = await listenbrainz.validateToken(token);
      } catch {
        // A 422 like any answer to what the listener typed: nothing on our side is broken.
        throw validationError({
          token: 'ListenBrainz cannot be reached to check this token. Try again later.',
        });
      }
      if (!name) throw validationError({ token: 'ListenBrainz does not know this token.' });
      await repository.saveConnection(db, {
        user_id: userId,
        service: 'listenbrainz',
        credential: encryptSecret(token, appKey),
        account_name: name,
      });
    },

    /** Where to send the listener; the `state` in the way back ties it to this user. */
    async lastfmConnectUrl(userId: number): Promise<string> {
      const { lastfm } = await clients();
      if (!lastfm) throw new AppError('conflict', 'Last.fm is not set up on this site.');
      const state = randomBytes(18).toString('base64url');
      await cache.set(stateKey(state), userId, STATE_SECONDS);
      const callback = new URL('/api/v1/account/scrobbling/lastfm/callback', deps.appUrl);
      callback.searchParams.set('state', state);
      return lastfm.authorizeUrl(callback.toString());
    },

    async finishLastfm(userId: number, token: string, state: string): Promise<void> {
      const { lastfm } = await clients();
      if (!lastfm) throw new AppError('conflict', 'Last.fm is not set up on this site.');
      const owner = await cache.get<number>(stateKey(state));
      if (owner !== userId) throw new AppError('forbidden', 'This Last.fm answer was not asked for by you.');
      await cache.delete(stateKey(state));
      let session: { name: string; key: string };
      try {
        session = await lastfm.getSession(token);
      } catch (error) {
        if (error instanceof ScrobbleServiceError && error.isRejected)
          throw new AppError('forbidden', 'Last.fm did not allow access.');
        throw new AppError('unavailable', 'Last.fm cannot be reached right now. Try again later.');
      }
      await repository.saveConnection(db, {
        user_id: userId,
        service: 'lastfm',
        credential: encryptSecret(session.key, appKey),
        account_name: session.name,
      });
    },

    disconnect: (userId: number, service: TScrobbleService) =>
      repository.deleteConnection(db, userId, service),

    /**
     * The play recorder's hook: a counted play that already meets the scrobble rule (a Subsonic
     * app's submission, a short track) is queued now; a longer one waits for `report`.
     */
    async onPlay(play: CountedPlay): Promise<void> {
      if (play.userId === null || !isScrobblable(play.durationPlayedMs, play.track.duration)) return;
      const startedAt = new Date(play.playedAt.getTime() - play.durationPlayedMs);
      await queue(play.userId, play.track, play.playId, startedAt);
    },

    /**
     * The web player reached the scrobble rule (half the track or 4 minutes): the counted play
     * of this listen is scrobbled. Without one (no counted play in the track's length) nothing is.
     */
    async report(userId: number, row: TrackRow, listenedMs: number): Promise<boolean> {
      if (!isScrobblable(listenedMs, row.duration)) return false;
      // The listen's counted play came at 30 s of it; pauses make the wall time longer than the
      // listened time, so the window is the track's length and a quarter of an hour more.
      const since = new Date(Date.now() - Number(row.duration ?? 0) - RECENT_PLAY_SLACK_MS);
      const play = await recentPlayOf(db, userId, row.id, since);
      if (!play) return false;
      const startedAt = new Date(Date.now() - listenedMs);
      return queue(userId, row, play.id, startedAt);
    },

    /** "Now playing" for each connected service: best effort, never retried, never waited for. */
    async nowPlaying(userId: number, row: TrackRow): Promise<boolean> {
      const connections = await repository.listConnections(db, userId);
      if (connections.length === 0 || !jobs) return false;
      const track = await trackOf(row);
      for (const connection of connections)
        await jobs.enqueue(NOW_PLAYING_JOB, { userId, service: connection.service, track });
      return true;
    },

    /** The daily prune: the keys of listens sent (or dropped) more than a day ago. */
    pruneSentKeys(now = new Date()): Promise<number> {
      return repository.pruneSentKeys(db, new Date(now.getTime() - SENT_KEY_KEEP_MS));
    },

    /** The sweep: a sender for each account with scrobbles due (after a backoff, or a lost job). */
    async requeueDue(now = new Date()): Promise<number> {
      const accounts = await repository.dueAccounts(db, now);
      for (const account of accounts) await enqueueDelivery(account.user_id, account.service);
      return accounts.length;
    },
  };
}

export type ScrobblingService = ReturnType<typeof createScrobblingService>;
