/** The items genres and tags are linked to (`genreables`, `taggables`). */
export type TTaggableType = 'track' | 'album' | 'artist';
