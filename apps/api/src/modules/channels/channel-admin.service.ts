import type { TChannel, TChannelPayload } from '@cadence/contracts/channel';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import { slugify } from '../catalogue/catalogue-utils';
import {
  channelPage,
  deleteChannels,
  insertChannel,
  isSlugTaken,
  replaceChannelContent,
  updateChannel,
} from './channel-admin.repository';
import { toChannelDto } from './channel-dto';
import { existingRefs, labelledContent, nestingLoop } from './channel-refs';
import { findChannel } from './channels.repository';

export type ChannelAdminService = ReturnType<typeof createChannelAdminService>;

export function createChannelAdminService(db: Kysely<Database>) {
  type Ref = NonNullable<TChannelPayload['content']>[number];

  /**
   * Keeps the refs that still exist (items deleted meanwhile are dropped, not an error) and
   * refuses a list that repeats an item or that would make the channel contain itself,
   * directly or through channels nested in the ones it lists.
   */
  async function checkContent(content: Ref[], channelId: number | null) {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const ref of content) {
      const key = `${ref.model_type}:${ref.model_id}`;
      if (seen.has(key)) problems.push(`${key} is listed twice`);
      seen.add(key);
      if (ref.model_type === 'channel' && ref.model_id === channelId)
        problems.push('A channel cannot contain itself.');
    }
    if (problems.length > 0) throw validationError({ content: problems });
    const found = await existingRefs(db, content);
    const kept = content.filter((ref) => found.has(`${ref.model_type}:${ref.model_id}`));
    const dropped = content.filter((ref) => !found.has(`${ref.model_type}:${ref.model_id}`));
    if (channelId !== null) {
      for (const ref of kept) {
        if (ref.model_type !== 'channel') continue;
        const loop = await nestingLoop(db, ref.model_id, channelId);
        if (loop) problems.push(`A channel cannot contain itself: "${loop}" already contains this channel.`);
      }
    }
    if (problems.length > 0) throw validationError({ content: problems });
    return { kept, dropped };
  }

  async function assertSlugFree(slug: string, exceptId: number | null) {
    if (await isSlugTaken(db, slug, exceptId)) throw validationError({ slug: 'This slug is already taken.' });
  }

  async function save(
    id: number | null,
    payload: TChannelPayload,
    ownerId: number | null,
  ): Promise<{ channel: TChannel; dropped: Ref[] }> {
    const slug = payload.slug ?? slugify(payload.name, 'channel');
    await assertSlugFree(slug, id);
    const checked = payload.content ? await checkContent(payload.content, id) : null;
    const content = checked?.kept;
    const values = {
      name: payload.name,
      slug,
      description: payload.description ?? null,
      config: JSON.stringify(payload.config),
      updated_at: new Date(),
    };
    const row = await db.transaction().execute(async (trx) => {
      const saved =
        id === null
          ? await insertChannel(trx, { ...values, owner_id: ownerId })
          : await updateChannel(trx, id, values);
      if (!saved) throw new AppError('not_found');
      if (content)
        await replaceChannelContent(
          trx,
          Number(saved.id),
          content.map((ref) => ({ model_type: ref.model_type, model_id: ref.model_id })),
        );
      return saved;
    });
    await catalogueChanged(db, {});
    return { channel: toChannelDto(row), dropped: checked?.dropped ?? [] };
  }

  return {
    create: (payload: TChannelPayload, ownerId: number | null) => save(null, payload, ownerId),
    update: (id: number, payload: TChannelPayload) => save(id, payload, null),

    async forEdit(slugOrId: string) {
      const row = await findChannel(db, slugOrId);
      if (!row) throw new AppError('not_found', 'Channel not found.');
      return { channel: toChannelDto(row), content: await labelledContent(db, Number(row.id)) };
    },

    async remove(ids: number[]): Promise<number> {
      const deleted = await deleteChannels(db, ids);
      await catalogueChanged(db, {});
      return deleted;
    },

    async list(input: { page: number; perPage: number; query?: string }) {
      const { rows, total } = await channelPage(db, input);
      return {
        pagination: {
          data: rows.map(toChannelDto),
          current_page: input.page,
          per_page: input.perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / input.perPage)),
        },
      };
    },
  };
}
