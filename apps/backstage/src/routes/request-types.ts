/** Spec 2.10 backstage request types, relative to /backstage. */
export const REQUEST_TYPES = [
  {
    type: 'become_artist',
    path: '/requests/become-artist',
    title: 'Become an artist',
    description: 'Get a verified artist profile to upload your music and see how listeners find it.',
  },
  {
    type: 'verify_artist',
    path: '/requests/verify-artist',
    title: 'Verify your artist profile',
    description: 'Prove you own an artist profile that already exists on the site.',
  },
  {
    type: 'claim_artist',
    path: '/requests/claim-artist',
    title: 'Claim an artist profile',
    description: 'Take over an existing artist profile so you can manage its music.',
  },
] as const;

export type TRequestTypeInfo = (typeof REQUEST_TYPES)[number];
