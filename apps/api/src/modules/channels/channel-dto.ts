import { type TChannel, ZChannelConfigSchema } from '@cadence/contracts/channel';
import type { Selectable } from 'kysely';
import type { ChannelsTable } from './channels.tables';

export type ChannelRow = Selectable<ChannelsTable>;

const FALLBACK_CONFIG = { content_type: 'manual', content_model: 'track' } as const;

/** Stored configs are parsed leniently: a broken one shows as an empty manual channel, not a 500. */
export function toChannelDto(row: ChannelRow): TChannel {
  const parsed = ZChannelConfigSchema.safeParse(row.config);
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    description: row.description,
    config: parsed.success ? parsed.data : ZChannelConfigSchema.parse(FALLBACK_CONFIG),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
