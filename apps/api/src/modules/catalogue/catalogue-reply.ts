import type { FastifyReply } from 'fastify';
import type { CatalogueCache, CataloguePage, TServedStamp } from './catalogue-cache';
import { reportServedStamp } from './catalogue-served';

/** A page's answer, and whether every viewer who passed the route's permission gets the same. */
export type CatalogueAnswer = { body: unknown; isShared: boolean };

/**
 * Answers a public catalogue GET from the catalogue cache. The cached text is what the route's
 * own response serializer produced (the contract's schema), so a cached answer is byte for byte
 * the uncached one; answers that depend on the viewer (`isShared` false) are sent, never cached.
 */
export async function sendCataloguePage(
  reply: FastifyReply,
  cache: CatalogueCache,
  page: CataloguePage,
  query: unknown,
  answer: () => Promise<CatalogueAnswer>,
): Promise<FastifyReply> {
  let personal: CatalogueAnswer | undefined;
  let served: TServedStamp | undefined;
  const json = await cache.read(
    page,
    JSON.stringify(query ?? {}),
    async () => {
      const result = await answer();
      if (!result.isShared) {
        personal = result;
        return null;
      }
      return reply.serialize(result.body) as string;
    },
    (stamp) => {
      served = stamp;
    },
  );
  if (json !== null) {
    if (served) reportServedStamp(reply, served);
    return reply.type('application/json; charset=utf-8').send(json);
  }
  // A concurrent read's personal answer is not ours: ask again, as this viewer.
  personal ??= await answer();
  return reply.send(personal.body);
}
