import {
  BACKSTAGE_MESSAGES,
  type TBackstageRequest,
  type TBackstageRequestListQuery,
  type ZBackstageRequestCreateSchema,
} from '@cadence/contracts/backstage';
import type { TPagination } from '@cadence/contracts/pagination';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { type Actor, actorCanAny, actorUser } from '../../platform/auth/actor';
import type { AuthUser } from '../../platform/auth/auth-user';
import { adminPage, mapAdminPage } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import {
  artistCards,
  artistManagerIds,
  ensureArtistOwner,
  findArtist,
  hasOtherManager,
  insertArtist,
  updateArtist,
} from '../artists/artists.repository';
import type { BackstageRequestsTable } from '../artists/backstage-requests.tables';
import { recordAudit } from '../audit-log/record-audit';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import { iso, isoRequired, slugify } from '../catalogue/catalogue-utils';
import * as fileEntriesRepository from '../file-entries/file-entries.repository';
import { type AddressViewer, addressViewer, addressViewerOf, canSeeAddressOf } from '../users/address-viewer';
import { findUserEmails, userRefRows } from '../users/user-refs.repository';
import type { BackstageNotifier } from './backstage-notifier';
import {
  closePendingRequest,
  findRequest,
  findRequestForUpdate,
  grantArtistRole,
  hasPendingRequest,
  insertRequest,
  lockRequester,
  recentRequestsOf,
  requestListQuery,
  updateRequest,
} from './backstage-requests.repository';

type Db = Kysely<Database>;
type RequestRow = Selectable<BackstageRequestsTable>;
type CreateInput = z.output<typeof ZBackstageRequestCreateSchema>;
type StoredData = {
  image?: string | null;
  role?: string | null;
  company?: string | null;
  links?: { url: string; title: string }[];
  proof_file_ids?: number[];
};

/** Who may see every request and decide on them (spec 6: backstageRequests.*). */
const REVIEW_VIEW = ['backstageRequests.view', 'backstageRequests.update'];

export function createBackstageRequestsService(deps: { db: Db; notifier: BackstageNotifier }) {
  const { db, notifier } = deps;

  /** `viewer`: whose address may show (issue 31: one's own, or all for holders of users.update). */
  async function toDtos(rows: RequestRow[], viewer: AddressViewer): Promise<TBackstageRequest[]> {
    if (rows.length === 0) return [];
    const userIds = [...new Set(rows.map((row) => row.user_id))];
    const artistIds = [...new Set(rows.map((row) => row.artist_id).filter((id): id is number => !!id))];
    const proofIds = [...new Set(rows.flatMap((row) => (row.data as StoredData).proof_file_ids ?? []))];
    const [users, emails, artists, proofs] = await Promise.all([
      userRefRows(db, userIds),
      findUserEmails(
        db,
        userIds.filter((id) => canSeeAddressOf(viewer, Number(id))),
      ),
      artistIds.length ? artistCards(db, artistIds) : [],
      proofIds.length ? fileEntriesRepository.liveSummaries(db, proofIds) : [],
    ]);
    const userById = new Map(users.map((user) => [Number(user.id), user]));
    const artistById = new Map(artists.map((artist) => [Number(artist.id), artist]));
    const proofById = new Map(proofs.map((proof) => [Number(proof.id), proof]));
    return rows.map((row) => {
      const data = row.data as StoredData;
      const user = userById.get(Number(row.user_id));
      const artist = row.artist_id ? artistById.get(Number(row.artist_id)) : undefined;
      return {
        id: Number(row.id),
        type: row.type,
        status: row.status,
        artist_id: row.artist_id ? Number(row.artist_id) : null,
        artist_name: row.artist_name,
        artist: artist ? { id: Number(artist.id), name: artist.name, image: artist.image_small } : null,
        user: { id: Number(row.user_id), name: user?.name ?? null, email: emails.get(Number(row.user_id)) },
        data: {
          image: data.image ?? null,
          role: data.role ?? null,
          company: data.company ?? null,
          links: data.links ?? [],
        },
        proofs: (data.proof_file_ids ?? []).flatMap((id) => {
          const proof = proofById.get(id);
          if (!proof) return [];
          return [
            {
              id,
              name: proof.name,
              mime: proof.mime,
              file_size: Number(proof.file_size),
              // Served by this module: the requester and reviewers only (never the public disk).
              url: `api/v1/backstage-requests/${row.id}/proofs/${id}`,
            },
          ];
        }),
        notes: row.notes,
        reviewed_at: iso(row.reviewed_at),
        created_at: isoRequired(row.created_at),
      };
    });
  }

  async function findOr404(id: number): Promise<RequestRow> {
    const row = await findRequest(db, id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  /** The requester or a reviewer; anyone else gets a 404 (a request's existence is private too). */
  async function findVisible(actor: Actor, id: number): Promise<RequestRow> {
    const user = actorUser(actor);
    const row = await findOr404(id);
    if (Number(row.user_id) !== user.id && !(await actorCanAny(actor, REVIEW_VIEW)))
      throw new AppError('not_found');
    return row;
  }

  async function assertArtistRequestable(input: CreateInput, userId: number): Promise<void> {
    if (input.type === 'become_artist' || !input.artist_id) return;
    const artist = await findArtist(db, input.artist_id);
    if (!artist) throw validationError({ artist_id: [BACKSTAGE_MESSAGES.artistRequired] });
    const managers = await artistManagerIds(db, input.artist_id);
    const isManagedByOther = managers.some((managerId) => managerId !== userId);
    if (input.type === 'claim_artist' && managers.length > 0)
      throw validationError({ artist_id: [BACKSTAGE_MESSAGES.artistClaimed] });
    if (input.type === 'verify_artist') {
      if (artist.verified) throw validationError({ artist_id: [BACKSTAGE_MESSAGES.artistVerified] });
      if (isManagedByOther) throw validationError({ artist_id: [BACKSTAGE_MESSAGES.artistClaimed] });
    }
  }

  async function assertProofsOwned(ids: number[], userId: number): Promise<void> {
    if (ids.length === 0) return;
    const unique = [...new Set(ids)];
    const owned = await fileEntriesRepository.liveOwnedIds(db, unique, userId);
    if (owned.length !== unique.length)
      throw validationError({ proof_file_ids: [BACKSTAGE_MESSAGES.proofNotYours] });
  }

  async function create(user: AuthUser, input: CreateInput): Promise<TBackstageRequest> {
    await assertArtistRequestable(input, user.id);
    await assertProofsOwned(input.proof_file_ids, user.id);
    const data: StoredData = {
      image: input.image ?? null,
      role: input.role ?? null,
      company: input.company ?? null,
      links: input.links,
      proof_file_ids: [...new Set(input.proof_file_ids)],
    };
    const row = await db.transaction().execute(async (trx) => {
      // Serialises concurrent submissions of one user: the pending check and the insert are one step.
      await lockRequester(trx, user.id);
      if (await hasPendingRequest(trx, user.id, input.type))
        throw validationError({ type: [BACKSTAGE_MESSAGES.pendingExists] });
      return insertRequest(trx, {
        user_id: user.id,
        type: input.type,
        artist_id: input.type === 'become_artist' ? null : (input.artist_id ?? null),
        artist_name: input.artist_name ?? null,
        data: JSON.stringify(data),
      });
    });
    const [dto] = await toDtos([row], addressViewer(user));
    await notifier.requestCreated(dto as TBackstageRequest);
    return dto as TBackstageRequest;
  }

  async function show(actor: Actor, id: number): Promise<TBackstageRequest> {
    const row = await findVisible(actor, id);
    const [dto] = await toDtos([row], await addressViewerOf(actor));
    return dto as TBackstageRequest;
  }

  /** A proof file of a request: only its requester and reviewers reach it. */
  async function proofOf(actor: Actor, id: number, fileId: number) {
    const row = await findVisible(actor, id);
    if (!((row.data as StoredData).proof_file_ids ?? []).includes(fileId)) throw new AppError('not_found');
    const entry = await fileEntriesRepository.findById(db, fileId);
    if (!entry || entry.deleted_at) throw new AppError('not_found');
    return entry;
  }

  async function list(
    query: TBackstageRequestListQuery,
    viewer: AddressViewer,
  ): Promise<TPagination<TBackstageRequest>> {
    const base = requestListQuery(db, query, viewer.canSeeAll);
    const page = await adminPage(
      base,
      query,
      {
        sortable: { created_at: 'r.created_at', artist_name: 'r.artist_name', status: 'r.status' },
        defaultOrderBy: 'created_at',
        tieBreaker: 'r.id',
      },
      (q) => q.selectAll('r'),
    );
    return mapAdminPage(page, (rows) => toDtos(rows, viewer));
  }

  /**
   * Approval in one transaction: the artist is created (become) or linked (claim/verify, which
   * also marks it verified), the requester joins the artists role, the request is closed.
   */
  async function approve(
    reviewer: AuthUser,
    id: number,
    notes: string | null,
    ipAddress: string | null,
  ): Promise<TBackstageRequest> {
    const row = await db.transaction().execute(async (trx) => {
      const current = await findRequestForUpdate(trx, id);
      if (!current) throw new AppError('not_found');
      if (current.status !== 'pending')
        throw validationError({ status: [BACKSTAGE_MESSAGES.alreadyHandled] });
      const data = current.data as StoredData;
      let artistId = current.artist_id ? Number(current.artist_id) : null;
      if (current.type === 'become_artist' || !artistId) {
        const name = current.artist_name ?? 'Untitled artist';
        artistId = Number(
          await insertArtist(trx, {
            name,
            slug: slugify(name),
            image_small: data.image ?? null,
            image_large: data.image ?? null,
            links: JSON.stringify(data.links ?? []),
          }),
        );
      } else {
        if (current.type === 'claim_artist' && (await hasOtherManager(trx, artistId, current.user_id)))
          throw validationError({ artist_id: [BACKSTAGE_MESSAGES.artistClaimed] });
        await updateArtist(trx, artistId, { verified: true, updated_at: new Date() });
      }
      await ensureArtistOwner(trx, current.user_id, artistId);
      await grantArtistRole(trx, current.user_id);
      await recordAudit(trx, {
        actorId: reviewer.id,
        action: 'backstage_requests.approve',
        subjectType: 'backstage_requests',
        subjectId: id,
        before: { status: current.status },
        after: { status: 'approved', artist_id: artistId, notes },
        ipAddress,
      });
      return updateRequest(trx, id, {
        status: 'approved',
        artist_id: artistId,
        reviewed_by: reviewer.id,
        reviewed_at: new Date(),
        notes,
        updated_at: new Date(),
      });
    });
    // A created or newly verified artist shows on its own page and on its albums' and tracks'.
    if (row.artist_id) await catalogueChanged(db, { artists: [Number(row.artist_id)] });
    const [dto] = await toDtos([row], addressViewer(reviewer));
    await notifier.requestDecided(dto as TBackstageRequest);
    return dto as TBackstageRequest;
  }

  async function deny(
    reviewer: AuthUser,
    id: number,
    notes: string,
    ipAddress: string | null,
  ): Promise<TBackstageRequest> {
    const row = await db.transaction().execute(async (trx) => {
      const denied = await closePendingRequest(trx, id, {
        status: 'denied',
        reviewed_by: reviewer.id,
        reviewed_at: new Date(),
        notes,
        updated_at: new Date(),
      });
      if (denied)
        await recordAudit(trx, {
          actorId: reviewer.id,
          action: 'backstage_requests.deny',
          subjectType: 'backstage_requests',
          subjectId: id,
          before: { status: 'pending' },
          after: { status: 'denied', notes },
          ipAddress,
        });
      return denied;
    });
    if (!row) {
      await findOr404(id);
      throw validationError({ status: [BACKSTAGE_MESSAGES.alreadyHandled] });
    }
    const [dto] = await toDtos([row], addressViewer(reviewer));
    await notifier.requestDecided(dto as TBackstageRequest);
    return dto as TBackstageRequest;
  }

  /** The signed-in user's own requests, newest first (the backstage home lists them). */
  async function mine(userId: number) {
    return recentRequestsOf(db, userId);
  }

  return { create, show, proofOf, list, approve, deny, mine };
}

export type BackstageRequestsService = ReturnType<typeof createBackstageRequestsService>;
