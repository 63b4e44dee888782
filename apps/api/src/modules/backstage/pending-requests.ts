import { PENDING_REQUESTS_SHOWN, type ZPendingRequestsSchema } from '@cadence/contracts/admin-overview';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema';
import { isoRequired } from '../catalogue/catalogue-utils';
import { type AddressViewer, canSeeAddressOf } from '../users/address-viewer';
import { pendingRequests as pendingRows } from './backstage-requests.repository';

/** What waits for a reviewer: the admin dashboard's count and short list (oldest first). */
export async function pendingBackstageRequests(
  db: Kysely<Database>,
  viewer: AddressViewer,
): Promise<z.infer<typeof ZPendingRequestsSchema>> {
  const { total, oldest } = await pendingRows(db, PENDING_REQUESTS_SHOWN);
  return {
    total,
    oldest: oldest.map((row) => ({
      id: Number(row.id),
      type: row.type,
      artist_name: row.artist_name,
      user: {
        id: Number(row.user_id),
        name: row.name,
        ...(canSeeAddressOf(viewer, Number(row.user_id)) ? { email: row.email } : {}),
      },
      created_at: isoRequired(row.created_at),
    })),
  };
}
