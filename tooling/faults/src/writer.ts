import type { PrivatePostgres } from './peers';
import { ADMIN } from './replica';

type Acked = { comments: number[]; likes: number[]; playlistTracks: number[] };

export type WriterReport = {
  attempted: number;
  acknowledged: number;
  found: number;
  /** Acknowledged writes missing afterwards: the goal is none. */
  lost: number;
};

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs the admin in and makes a personal access token: the writer then needs no CSRF dance. */
export async function accessToken(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const session = cookiesOf(login);
  const bootstrap = await fetch(`${baseUrl}/api/v1/bootstrap-data`, { headers: { cookie: session } });
  const cookies = `${session}; ${cookiesOf(bootstrap)}`;
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookies)?.[1] ?? '';
  const created = await fetch(`${baseUrl}/api/v1/access-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies, 'x-xsrf-token': xsrf, origin: baseUrl },
    body: JSON.stringify({ tokenName: 'fault suite writer' }),
  });
  if (!created.ok) throw new Error(`access token: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { plainTextToken: string }).plainTextToken;
}

/**
 * A listener who keeps writing while the faults happen: likes tracks, adds them to a playlist
 * and posts comments, recording every write the api acknowledged with a 2xx.
 */
export class Writer {
  private readonly acked: Acked = { comments: [], likes: [], playlistTracks: [] };
  private attempted = 0;
  private isRunning = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly trackIds: number[],
    private readonly playlistId: number,
  ) {}

  static async create(baseUrl: string, token: string, trackIds: number[]): Promise<Writer> {
    const response = await fetch(`${baseUrl}/api/v1/playlists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Fault suite ${Date.now()}` }),
    });
    if (!response.ok) throw new Error(`playlist: ${response.status} ${await response.text()}`);
    const { playlist } = (await response.json()) as { playlist: { id: number } };
    return new Writer(baseUrl, token, trackIds, playlist.id);
  }

  private async send(path: string, body: unknown): Promise<Response | undefined> {
    this.attempted += 1;
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      return undefined;
    }
  }

  private async loop(kind: number): Promise<void> {
    let n = 0;
    while (this.isRunning) {
      n += 1;
      const track = this.trackIds[(n * 3 + kind) % this.trackIds.length] ?? this.trackIds[0] ?? 1;
      if (kind === 0) {
        const res = await this.send('/api/v1/comments', {
          commentable_type: 'track',
          commentable_id: track,
          content: `fault suite comment ${Date.now()}-${n}`,
        });
        if (res?.ok) this.acked.comments.push(((await res.json()) as { comment: { id: number } }).comment.id);
      } else if (kind === 1) {
        const res = await this.send('/api/v1/users/me/likes', { likeable_type: 'track', likeable_id: track });
        if (res?.ok) this.acked.likes.push(track);
      } else {
        const res = await this.send(`/api/v1/playlists/${this.playlistId}/tracks`, { track_ids: [track] });
        if (res?.ok) this.acked.playlistTracks.push(track);
      }
      await pause();
    }
  }

  start(): void {
    this.isRunning = true;
    this.loops = [0, 1, 2].map((kind) => this.loop(kind));
  }

  async stop(database: PrivatePostgres, userEmail = ADMIN.email): Promise<WriterReport> {
    this.isRunning = false;
    await Promise.all(this.loops);
    const { comments, likes, playlistTracks } = this.acked;
    const [foundComments] = await database.query<{ count: number }>(
      'select count(*)::int as count from comments where id = any($1::int[])',
      [comments],
    );
    const foundLikes = await database.query<{ likeable_id: number }>(
      `select likeable_id from likes join users on users.id = likes.user_id
       where users.email = $1 and likeable_type = 'track' and likeable_id = any($2::int[])`,
      [userEmail, likes],
    );
    const foundTracks = await database.query<{ track_id: number }>(
      'select track_id from playlist_track where playlist_id = $1 and track_id = any($2::int[])',
      [this.playlistId, playlistTracks],
    );
    const likedIds = new Set(foundLikes.map((row) => row.likeable_id));
    const addedIds = new Set(foundTracks.map((row) => row.track_id));
    const acknowledged = comments.length + likes.length + playlistTracks.length;
    const found =
      (foundComments?.count ?? 0) +
      likes.filter((id) => likedIds.has(id)).length +
      playlistTracks.filter((id) => addedIds.has(id)).length;
    return { attempted: this.attempted, acknowledged, found, lost: acknowledged - found };
  }
}

/** A breath between writes: the writer is a person clicking, not a second load generator. */
function pause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20));
}
