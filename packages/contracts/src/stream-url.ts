/**
 * The api path that streams a track's audio. The api writes it into `stream_url`; the player
 * falls back to it when a track reached it without one. Zod-free: the player's first page imports it.
 */
export function trackStreamPath(trackId: number): string {
  return `/api/v1/tracks/${trackId}/stream`;
}
