import {
  BACKSTAGE_MESSAGES,
  type TBackstageRequest,
  type TBackstageRequestListQuery,
  type ZBackstageRequestCreateSchema,
} from '@cadence/contracts/backstage';
import type { TPagination } from '@cadence/contracts/pagination';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { canAny } from '../../platform/auth/access';
import type { AuthUser } from '../../platform/auth/auth-user';
import { adminPage, mapAdminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { BackstageRequestsTable } from '../artists/backstage-requests.tables';
import { recordAudit } from '../audit-log/record-audit';
import { iso, isoRequired, slugify } from '../catalogue/catalogue-utils';
import type { BackstageNotifier } from './backstage-notifier';

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

  async function toDtos(rows: RequestRow[]): Promise<TBackstageRequest[]> {
    if (rows.length === 0) return [];
    const userIds = [...new Set(rows.map((row) => row.user_id))];
    const artistIds = [...new Set(rows.map((row) => row.artist_id).filter((id): id is number => !!id))];
    const proofIds = [...new Set(rows.flatMap((row) => (row.data as StoredData).proof_file_ids ?? []))];
    const [users, artists, proofs] = await Promise.all([
      db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', userIds).execute(),
      artistIds.length
        ? db
            .selectFrom('artists')
            .select(['id', 'name', 'image_small'])
            .where('id', 'in', artistIds)
            .execute()
        : [],
      proofIds.length
        ? db
            .selectFrom('file_entries')
            .select(['id', 'name', 'mime', 'file_size'])
            .where('id', 'in', proofIds)
            .where('deleted_at', 'is', null)
            .execute()
        : [],
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
        user: { id: Number(row.user_id), name: user?.name ?? null, email: user?.email ?? '' },
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
    const row = await db.selectFrom('backstage_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found');
    return row;
  }

  /** The requester or a reviewer; anyone else gets a 404 (a request's existence is private too). */
  async function findVisible(request: FastifyRequest, id: number): Promise<RequestRow> {
    const user = request.user;
    if (!user) throw new AppError('unauthenticated');
    const row = await findOr404(id);
    if (Number(row.user_id) !== user.id && !(await canAny(request, REVIEW_VIEW)))
      throw new AppError('not_found');
    return row;
  }

  async function assertArtistRequestable(input: CreateInput, userId: number): Promise<void> {
    if (input.type === 'become_artist' || !input.artist_id) return;
    const artist = await db
      .selectFrom('artists')
      .select(['id', 'verified'])
      .where('id', '=', input.artist_id)
      .executeTakeFirst();
    if (!artist) throw validationError({ artist_id: [BACKSTAGE_MESSAGES.artistRequired] });
    const managers = await db
      .selectFrom('user_artist')
      .select('user_id')
      .where('artist_id', '=', input.artist_id)
      .execute();
    const isManagedByOther = managers.some((row) => Number(row.user_id) !== userId);
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
    const owned = await db
      .selectFrom('file_entries')
      .select('id')
      .where('id', 'in', unique)
      .where('owner_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
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
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
      const pending = await trx
        .selectFrom('backstage_requests')
        .select('id')
        .where('user_id', '=', user.id)
        .where('type', '=', input.type)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending) throw validationError({ type: [BACKSTAGE_MESSAGES.pendingExists] });
      return trx
        .insertInto('backstage_requests')
        .values({
          user_id: user.id,
          type: input.type,
          artist_id: input.type === 'become_artist' ? null : (input.artist_id ?? null),
          artist_name: input.artist_name ?? null,
          data: JSON.stringify(data),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    const [dto] = await toDtos([row]);
    return dto as TBackstageRequest;
  }

  async function show(request: FastifyRequest, id: number): Promise<TBackstageRequest> {
    const [dto] = await toDtos([await findVisible(request, id)]);
    return dto as TBackstageRequest;
  }

  /** A proof file of a request: only its requester and reviewers reach it. */
  async function proofOf(request: FastifyRequest, id: number, fileId: number) {
    const row = await findVisible(request, id);
    if (!((row.data as StoredData).proof_file_ids ?? []).includes(fileId)) throw new AppError('not_found');
    const entry = await db
      .selectFrom('file_entries')
      .selectAll()
      .where('id', '=', fileId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!entry) throw new AppError('not_found');
    return entry;
  }

  async function list(query: TBackstageRequestListQuery): Promise<TPagination<TBackstageRequest>> {
    let base = db.selectFrom('backstage_requests as r').innerJoin('users as u', 'u.id', 'r.user_id');
    if (query.status) base = base.where('r.status', '=', query.status);
    if (query.type) base = base.where('r.type', '=', query.type);
    if (query.query) base = base.where(searchColumns(['r.artist_name', 'u.email', 'u.name'], query.query));
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
    return mapAdminPage(page, toDtos);
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
      const current = await trx
        .selectFrom('backstage_requests')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new AppError('not_found');
      if (current.status !== 'pending')
        throw validationError({ status: [BACKSTAGE_MESSAGES.alreadyHandled] });
      const data = current.data as StoredData;
      let artistId = current.artist_id ? Number(current.artist_id) : null;
      if (current.type === 'become_artist' || !artistId) {
        const name = current.artist_name ?? 'Untitled artist';
        const created = await trx
          .insertInto('artists')
          .values({
            name,
            slug: slugify(name),
            image_small: data.image ?? null,
            image_large: data.image ?? null,
            links: JSON.stringify(data.links ?? []),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        artistId = Number(created.id);
      } else {
        const others = await trx
          .selectFrom('user_artist')
          .select('user_id')
          .where('artist_id', '=', artistId)
          .where('user_id', '!=', current.user_id)
          .executeTakeFirst();
        if (current.type === 'claim_artist' && others)
          throw validationError({ artist_id: [BACKSTAGE_MESSAGES.artistClaimed] });
        await trx
          .updateTable('artists')
          .set({ verified: true, updated_at: new Date() })
          .where('id', '=', artistId)
          .execute();
      }
      await trx
        .insertInto('user_artist')
        .values({ user_id: current.user_id, artist_id: artistId, role: 'owner' })
        .onConflict((oc) => oc.columns(['user_id', 'artist_id']).doNothing())
        .execute();
      const artistRole = await trx
        .selectFrom('roles')
        .select('id')
        .where('artists', '=', true)
        .orderBy('id')
        .executeTakeFirst();
      if (artistRole)
        await trx
          .insertInto('user_role')
          .values({ user_id: current.user_id, role_id: artistRole.id })
          .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
          .execute();
      await recordAudit(trx, {
        actorId: reviewer.id,
        action: 'backstage_requests.approve',
        subjectType: 'backstage_requests',
        subjectId: id,
        before: { status: current.status },
        after: { status: 'approved', artist_id: artistId, notes },
        ipAddress,
      });
      return trx
        .updateTable('backstage_requests')
        .set({
          status: 'approved',
          artist_id: artistId,
          reviewed_by: reviewer.id,
          reviewed_at: new Date(),
          notes,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    const [dto] = await toDtos([row]);
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
      const denied = await trx
        .updateTable('backstage_requests')
        .set({
          status: 'denied',
          reviewed_by: reviewer.id,
          reviewed_at: new Date(),
          notes,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
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
    const [dto] = await toDtos([row]);
    await notifier.requestDecided(dto as TBackstageRequest);
    return dto as TBackstageRequest;
  }

  /** The signed-in user's own requests, newest first (the backstage home lists them). */
  async function mine(userId: number) {
    return db
      .selectFrom('backstage_requests')
      .select(['id', 'type', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
  }

  return { create, show, proofOf, list, approve, deny, mine };
}

export type BackstageRequestsService = ReturnType<typeof createBackstageRequestsService>;
