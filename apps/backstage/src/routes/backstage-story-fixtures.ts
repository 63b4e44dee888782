import { storyArtist } from '@cadence/app-shell/test/story-fixtures';
import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZArtistSchema } from '@cadence/contracts/artist';
import { type TBackstageRequest, ZBackstageRequestResponseSchema } from '@cadence/contracts/backstage';
import { paginationSchema } from '@cadence/contracts/pagination';
import { HttpResponse, http } from 'msw';

/** A backstage request as `GET api/v1/backstage-requests/{id}` answers it (contract-parsed). */
export const storyBackstageRequest = (overrides: Partial<TBackstageRequest> = {}) =>
  fixture(ZBackstageRequestResponseSchema, {
    request: {
      id: 9,
      type: 'become_artist',
      status: 'pending',
      artist_id: null,
      artist_name: 'The Midnight Hours',
      artist: null,
      user: { id: 7, name: 'Ada Lovelace', email: 'ada@example.com' },
      data: { image: null, role: 'Singer', company: null, links: [] },
      proofs: [
        { id: 1, name: 'label-letter.pdf', mime: 'application/pdf', file_size: 81_920, url: '/uploads/1' },
      ],
      notes: null,
      reviewed_at: null,
      created_at: '2026-10-01T12:00:00.000Z',
      ...overrides,
    },
  });

/** `GET api/v1/artists?query=`: the artists whose name contains the text. */
export const artistSearchApi = http.get('*/api/v1/artists', ({ request }) => {
  const query = (new URL(request.url).searchParams.get('query') ?? '').toLowerCase();
  const all = [
    storyArtist(101, { name: 'The Midnight Hours' }),
    storyArtist(102, { name: 'Midnight Choir' }),
  ];
  const data = all.filter((artist) => artist.name.toLowerCase().includes(query));
  return HttpResponse.json(
    fixture(paginationSchema(ZArtistSchema), {
      pagination: { data, current_page: 1, per_page: 8, total: data.length, last_page: 1 },
    }),
  );
});
