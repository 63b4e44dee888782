// Zod-free on purpose: every player page has ad slots (their names, the frame's messages), and
// ads.ts's schemas would bring zod into the player's first download.
/** Spec 2.12: the five ad slots, in the order the admin's ads page lists them, with their advice. */
export const AD_SLOTS = [
  'general_top',
  'general_bottom',
  'artist_top',
  'artist_bottom',
  'album_above',
] as const;
export type TAdSlot = (typeof AD_SLOTS)[number];

/** Each slot's name on the admin's forms (its setting key is `ads.{slot}`). */
export const AD_SLOT_LABELS: Record<TAdSlot, string> = {
  general_top: 'General top',
  general_bottom: 'General bottom',
  artist_top: 'Artist top',
  artist_bottom: 'Artist bottom',
  album_above: 'Album above',
};

export const AD_SLOT_ADVICE: Record<TAdSlot, string> = {
  general_top:
    'This ad will appear at the top of most pages. Best size is 150px height or less, or responsive.',
  general_bottom:
    'This ad will appear at the bottom of most pages. Best size is 150px height or less, or responsive.',
  artist_top:
    'This ad will appear on the artist page only, below the page header. Best size is 1000px width or less, or responsive.',
  artist_bottom:
    'This ad will appear on the artist page only, below similar artists. Best size is 430px width or less, or responsive.',
  album_above:
    'This ad will appear on the album page only, above the album tracks. Best size is as wide as possible, or responsive.',
};

/** What an ad frame posts to the page that holds it: its content height, nothing else. */
export const AD_FRAME_MESSAGE_SOURCE = 'cadence-ad-frame';
/** What the page posts to an ad frame once it has loaded: "report your height again". */
export const AD_HOST_MESSAGE_SOURCE = 'cadence-ad-host';
