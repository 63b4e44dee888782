import type { TTrackLyricsResponse } from '@cadence/contracts/lyrics';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

/** A track without lyrics answers `lyrics: null`. */
export const lyricsQuery = (trackId: number) =>
  queryOptions({
    queryKey: ['tracks', trackId, 'lyrics'],
    queryFn: async ({ signal }) => {
      const { lyrics } = await apiClient.get<TTrackLyricsResponse>(`tracks/${trackId}/lyrics`, { signal });
      return lyrics;
    },
    meta: { silentError: true },
  });
