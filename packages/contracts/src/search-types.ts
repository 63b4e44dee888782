/** What a search looks for. Free of zod, so the player's search page loads without it (issue 5). */
export const SEARCH_TYPES = ['tracks', 'albums', 'artists', 'playlists', 'users', 'genres', 'tags'] as const;
