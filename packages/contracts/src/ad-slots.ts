/**
 * Spec 2.12: the five ad slots (HTML, '' = none) and where each shows. The advice is the
 * spec's, shown beside each slot's field wherever an admin edits it.
 */
export const AD_SLOTS = [
  {
    key: 'ads.general_top',
    label: 'General top',
    advice: 'Shown at the top of most pages. Best at 150px height or less, or responsive.',
  },
  {
    key: 'ads.general_bottom',
    label: 'General bottom',
    advice: 'Shown at the bottom of most pages. Best at 150px height or less, or responsive.',
  },
  {
    key: 'ads.artist_top',
    label: 'Artist top',
    advice: 'Artist page only, below the page header. Best at 1000px width or less, or responsive.',
  },
  {
    key: 'ads.artist_bottom',
    label: 'Artist bottom',
    advice: 'Artist page only, below similar artists. Best at 430px width or less, or responsive.',
  },
  {
    key: 'ads.album_above',
    label: 'Album above',
    advice: 'Album page only, above the album tracks. As wide as possible, or responsive.',
  },
] as const;

export type TAdSlotKey = (typeof AD_SLOTS)[number]['key'];
