import type { TLyricsResponse } from '@cadence/contracts/lyrics';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { queryOptions } from '@tanstack/react-query';

/** A track without lyrics answers 404: that is "no lyrics", not an error. */
export const lyricsQuery = (trackId: number) =>
  queryOptions({
    queryKey: ['tracks', trackId, 'lyrics'],
    queryFn: async ({ signal }) => {
      try {
        const { lyrics } = await apiClient.get<TLyricsResponse>(`tracks/${trackId}/lyrics`, { signal });
        return lyrics;
      } catch (error) {
        if (isHttpError(error) && error.status === 404) return null;
        throw error;
      }
    },
    meta: { silentError: true },
  });
