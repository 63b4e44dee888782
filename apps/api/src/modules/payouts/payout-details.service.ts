import type { TPayoutDetails, TPayoutDetailsAnswer } from '@cadence/contracts/payouts';
import type { Kysely } from 'kysely';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { artistCards, artistManagerEmails, managesArtist } from '../artists/artists.repository';
import { recordAudit } from '../audit-log/record-audit';
import { maskedDetails } from './masked-details';
import { payoutDetailsMail } from './payout-details.mail';
import * as repo from './payout-details.repository';

const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
const INVALID_LINK = 'This confirmation link is invalid, was replaced by a newer change or has expired.';

type Deps = {
  db: Kysely<Database>;
  mailer: () => Mailer;
  backstageUrl: string;
  siteName: () => Promise<string>;
  now?: () => Date;
};
type Actor = { userId: number; ip: string };

/**
 * Issue 39: where an artist's payouts go. Only the artist's managers see or change them (anyone
 * else gets the 404 of a missing artist); a change is audited, mailed to every manager, and in
 * effect only once one of them follows the link: a stolen session alone cannot redirect payouts.
 */
export function createPayoutDetailsService({
  db,
  mailer,
  backstageUrl,
  siteName,
  now = () => new Date(),
}: Deps) {
  async function assertManager(userId: number, artistId: number) {
    if (!(await managesArtist(db, userId, artistId))) throw new AppError('not_found');
  }

  async function view(artistId: number): Promise<TPayoutDetailsAnswer> {
    const [confirmed, newest] = await Promise.all([
      repo.lastConfirmed(db, artistId),
      repo.newestChange(db, artistId),
    ]);
    const isPending = newest && newest.confirmed_at === null && newest.expires_at.getTime() > now().getTime();
    return {
      artist_id: artistId,
      confirmed: confirmed ? JSON.parse(confirmed.details) : null,
      confirmed_at: confirmed?.confirmed_at?.toISOString() ?? null,
      pending: isPending
        ? {
            details: JSON.parse(newest.details),
            requested_at: newest.created_at.toISOString(),
            expires_at: newest.expires_at.toISOString(),
          }
        : null,
    };
  }

  return {
    async get(artistId: number, actor: Actor) {
      await assertManager(actor.userId, artistId);
      return view(artistId);
    },

    /** Stores the change as pending and mails each manager its confirmation link. */
    async request(artistId: number, details: TPayoutDetails, actor: Actor) {
      await assertManager(actor.userId, artistId);
      const token = generateToken();
      const expiresAt = new Date(now().getTime() + CONFIRM_TTL_MS);
      await db.transaction().execute(async (trx) => {
        const id = await repo.insertChange(trx, {
          artist_id: artistId,
          details: JSON.stringify(details),
          token_hash: hashToken(token),
          requested_by: actor.userId,
          expires_at: expiresAt,
        });
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'payouts.details.request',
          subjectType: 'artist',
          subjectId: artistId,
          after: { change_id: id, method: details.method, summary: maskedDetails(details) },
          ipAddress: actor.ip,
        });
      });
      const [artistName, site, recipients] = await Promise.all([
        artistCards(db, [artistId]).then(([card]) => card?.name),
        siteName(),
        artistManagerEmails(db, artistId),
      ]);
      const link = `${backstageUrl}/artists/${artistId}/payout-details?confirm=${encodeURIComponent(token)}`;
      // Each manager is told, so an owner sees an editor's (or an intruder's) change.
      await Promise.all(
        recipients.map((to) =>
          mailer().dispatch(
            payoutDetailsMail(to, { artistName: artistName ?? '', details, link, siteName: site }),
          ),
        ),
      );
      return view(artistId);
    },

    /** The emailed link followed by a signed-in manager: the newest pending change takes effect. */
    async confirm(artistId: number, token: string, actor: Actor) {
      await assertManager(actor.userId, artistId);
      await db.transaction().execute(async (trx) => {
        const newest = await repo.newestChange(trx, artistId, true);
        const isValid =
          newest !== undefined &&
          newest.token_hash === hashToken(token) &&
          newest.confirmed_at === null &&
          newest.expires_at.getTime() > now().getTime();
        if (!isValid) throw validationError({ token: [INVALID_LINK] });
        await repo.markConfirmed(trx, newest.id, actor.userId, now());
        const details = JSON.parse(newest.details) as TPayoutDetails;
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'payouts.details.confirm',
          subjectType: 'artist',
          subjectId: artistId,
          after: { change_id: newest.id, method: details.method, summary: maskedDetails(details) },
          ipAddress: actor.ip,
        });
      });
      return view(artistId);
    },
  };
}

export type PayoutDetailsService = ReturnType<typeof createPayoutDetailsService>;
