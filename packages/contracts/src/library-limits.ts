/** The most tracks one batch like/unlike takes (a multi-selection is sent in batches of this). */
export const MAX_BATCH_LIKES = 500;
