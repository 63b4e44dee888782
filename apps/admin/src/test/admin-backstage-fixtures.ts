import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZBackstageRequestSchema } from '@cadence/contracts/backstage';
import { STAMP } from './admin-story-fixtures';

/** A request to become, verify or claim an artist (`GET api/v1/backstage-requests`). */
export const storyBackstageRequest = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZBackstageRequestSchema, {
    id,
    type: (['become_artist', 'verify_artist', 'claim_artist'] as const)[id % 3] ?? 'become_artist',
    status: (['pending', 'approved', 'denied'] as const)[id % 4 === 0 ? 1 : 0] ?? 'pending',
    artist_id: id % 3 === 0 ? null : 100 + id,
    artist_name: `Aurora Lane ${id}`,
    artist: id % 3 === 0 ? null : { id: 100 + id, name: `Aurora Lane ${id}`, image: null },
    user: { id: 500 + id, name: `Listener ${id}`, email: `listener${id}@example.com` },
    data: {
      image: null,
      role: 'Manager',
      company: 'Night Owl Records',
      links: [{ url: 'https://example.com/aurora-lane', title: 'Website' }],
    },
    proofs: [
      {
        id: 1,
        name: 'contract.pdf',
        mime: 'application/pdf',
        file_size: 240_000,
        url: '/api/v1/file-entries/1',
      },
    ],
    notes: null,
    reviewed_at: null,
    created_at: STAMP,
    ...overrides,
  });
