import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZArtistEarningsParamsSchema, ZArtistEarningsSchema } from '@cadence/contracts/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { managesArtist } from '../artists/artists.repository';
import { earningsByMonth, earningsByTrack, payableBalances } from './earnings.repository';

/** Issue 39: what an artist earned (closed periods: per month, per track, per source) and is owed. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/api/v1/artists/:id/earnings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payouts'],
        summary: "An artist's earnings and balance, for the artist's managers",
        params: ZArtistEarningsParamsSchema,
        response: {
          200: ZArtistEarningsSchema,
          401: ZErrorEnvelopeSchema,
          404: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new AppError('unauthenticated');
      const artistId = request.params.id;
      // Someone else's earnings are a 404, as for a missing artist: nothing of them is echoed.
      if (!(await managesArtist(db, user.id, artistId))) throw new AppError('not_found');
      const [months, tracks, balances] = await Promise.all([
        earningsByMonth(db, artistId),
        earningsByTrack(db, artistId),
        payableBalances(db, artistId),
      ]);
      return {
        artist_id: artistId,
        balances: balances.map((row) => ({ currency: row.currency, balance: Number(row.balance) })),
        months: months.map((row) => ({
          period: row.period,
          currency: row.currency,
          plans: Number(row.plans),
          ads: Number(row.ads),
          adjustments: Number(row.adjustments),
          earned: Number(row.earned),
          payout: Number(row.payout),
          rolled_over: Number(row.rolled_over),
          pro_rata: Number(row.pro_rata),
          paid_at: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
        })),
        tracks: tracks.map((row) => ({ ...row, amount: Number(row.amount) })),
      };
    },
  );
};
