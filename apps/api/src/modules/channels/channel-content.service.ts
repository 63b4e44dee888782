import type {
  TChannel,
  TChannelItem,
  TChannelLeafItem,
  TChannelPreview,
  TChannelQuery,
  TChannelResponse,
} from '@cadence/contracts/channel';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { toChannelDto } from './channel-dto';
import { type LeafModel, loadLeafItems, orderSql } from './channel-models';
import {
  findChannel,
  findChannelsByIds,
  findRestriction,
  type IdPage,
  manualPage,
  pageOfModel,
  type Restriction,
} from './channels.repository';

/** Automatic lists are "top N" lists: paging stops here, and counting never scans a whole table. */
export const AUTO_CAP = 100;
const CHILD_PAGE_SIZE = 20;

type Page<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };

const pageOf = <T>(data: T[], page: number, perPage: number, total: number): Page<T> => ({
  data,
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

function autoOrder(channel: TChannel): string {
  const model = channel.config.content_model as LeafModel;
  switch (channel.config.auto_method) {
    case 'new_releases':
      return orderSql(model, 'release_date:desc');
    default:
      return orderSql(model, 'popularity:desc');
  }
}

export type ChannelContentService = ReturnType<typeof createChannelContentService>;

export function createChannelContentService(db: Kysely<Database>) {
  async function leafPage(
    channel: TChannel,
    restriction: Restriction | null,
    page: number,
    perPage: number,
  ): Promise<Page<TChannelLeafItem>> {
    const offset = (page - 1) * perPage;
    const model = channel.config.content_model;
    if (channel.config.content_type === 'manual' || model === 'channel') {
      const { refs, total } = await manualPage(db, channel.id, offset, perPage);
      const items = await loadRefs(refs.filter((ref) => ref.model_type !== 'channel'));
      return pageOf(items as TChannelLeafItem[], page, perPage, total);
    }
    const isAuto = channel.config.content_type === 'auto';
    const ids: IdPage = await pageOfModel(db, {
      model,
      orderSql: isAuto ? autoOrder(channel) : orderSql(model, channel.config.order),
      restriction,
      offset,
      limit: perPage,
      cap: isAuto ? AUTO_CAP : undefined,
    });
    return pageOf(await loadLeafItems(db, model, ids.ids), page, perPage, ids.total);
  }

  /** Mixed refs keep their manual order; refs to deleted or hidden rows drop out. */
  async function loadRefs(refs: { model_type: TChannelItem['model_type']; model_id: number }[]) {
    const byModel = new Map<LeafModel, number[]>();
    for (const ref of refs) {
      if (ref.model_type === 'channel') continue;
      byModel.set(ref.model_type, [...(byModel.get(ref.model_type) ?? []), ref.model_id]);
    }
    const loaded = new Map<string, TChannelLeafItem>();
    await Promise.all(
      [...byModel].map(async ([model, ids]) => {
        for (const item of await loadLeafItems(db, model, ids)) loaded.set(`${model}:${item.id}`, item);
      }),
    );
    return refs.flatMap((ref) => {
      const item = loaded.get(`${ref.model_type}:${ref.model_id}`);
      return item ? [item] : [];
    });
  }

  /** Each child channel (not the parent itself, nor a channel of channels) with its first page. */
  async function childSections(
    parentId: number,
    childIds: number[],
    restriction: Restriction | null,
  ): Promise<TChannelItem[]> {
    const children = new Map(
      (
        await findChannelsByIds(
          db,
          childIds.filter((id) => id !== parentId),
        )
      ).map((r) => [Number(r.id), toChannelDto(r)]),
    );
    return Promise.all(
      childIds.flatMap((id) => {
        const child = children.get(id);
        if (!child || child.config.content_model === 'channel') return [];
        const childRestriction = child.config.restriction ? restriction : null;
        return [
          leafPage(child, childRestriction, 1, CHILD_PAGE_SIZE).then((content) => ({
            ...child,
            model_type: 'channel' as const,
            content,
          })),
        ];
      }),
    );
  }

  async function resolveRestriction(
    channel: TChannel,
    name: string | undefined,
  ): Promise<Restriction | null> {
    if (!name) return null;
    const type = channel.config.restriction ?? (channel.config.content_model === 'channel' ? 'genre' : null);
    if (!type) return null;
    const restriction = await findRestriction(db, type, name);
    if (!restriction) throw new AppError('not_found');
    return restriction;
  }

  return {
    async show(slugOrId: string, query: TChannelQuery): Promise<TChannelResponse> {
      const row = await findChannel(db, slugOrId);
      if (!row) throw new AppError('not_found');
      const channel = toChannelDto(row);
      const restriction = await resolveRestriction(channel, query.restriction);
      if (channel.config.content_model !== 'channel') {
        const content = await leafPage(channel, restriction, query.page, query.perPage);
        return { channel: { ...channel, restriction, content } };
      }
      // A channel of channels: each child with the first page of its own content, filtered alike.
      const offset = (query.page - 1) * query.perPage;
      const { refs, total } = await manualPage(db, channel.id, offset, query.perPage);
      const childIds = refs.filter((ref) => ref.model_type === 'channel').map((ref) => ref.model_id);
      const data = await childSections(channel.id, childIds, restriction);
      return {
        channel: { ...channel, restriction, content: pageOf(data, query.page, query.perPage, total) },
      };
    },

    /** An unsaved channel as its page would show it (the admin editor's live preview), page 1. */
    async preview(payload: TChannelPreview, perPage: number): Promise<TChannelResponse> {
      const now = new Date().toISOString();
      const channel: TChannel = {
        id: payload.id ?? 0,
        name: payload.name,
        slug: payload.slug ?? 'preview',
        description: payload.description ?? null,
        config: payload.config,
        created_at: now,
        updated_at: now,
      };
      const refs = payload.content ?? [];
      if (channel.config.content_model === 'channel') {
        const childIds = refs.filter((ref) => ref.model_type === 'channel').map((ref) => ref.model_id);
        const data = await childSections(channel.id, childIds.slice(0, perPage), null);
        return {
          channel: { ...channel, restriction: null, content: pageOf(data, 1, perPage, childIds.length) },
        };
      }
      if (channel.config.content_type === 'manual') {
        const items = await loadRefs(refs.slice(0, perPage));
        return {
          channel: {
            ...channel,
            restriction: null,
            content: pageOf(items as TChannelLeafItem[], 1, perPage, refs.length),
          },
        };
      }
      return {
        channel: { ...channel, restriction: null, content: await leafPage(channel, null, 1, perPage) },
      };
    },
  };
}
