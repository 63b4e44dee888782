import { describe, expect, it } from 'vitest';
import { AUTO_METHODS_BY_MODEL, CHANNEL_AUTO_METHODS, ZChannelConfigSchema } from './channel';
import { ZSearchQuerySchema } from './search';

describe('channel config', () => {
  it('accepts each auto method only for its content model', () => {
    for (const [model, methods] of Object.entries(AUTO_METHODS_BY_MODEL)) {
      for (const method of CHANNEL_AUTO_METHODS) {
        const parsed = ZChannelConfigSchema.safeParse({
          content_type: 'auto',
          content_model: model,
          auto_method: method,
        });
        expect(parsed.success).toBe((methods as readonly string[]).includes(method));
      }
    }
  });

  it('fills layout, order and restriction defaults', () => {
    const config = ZChannelConfigSchema.parse({ content_type: 'list_all', content_model: 'genre' });
    expect(config).toMatchObject({
      layout: 'grid',
      order: 'popularity:desc',
      restriction: null,
      hide_title: false,
    });
  });

  it('keeps channels of channels manual', () => {
    expect(
      ZChannelConfigSchema.safeParse({ content_type: 'list_all', content_model: 'channel' }).success,
    ).toBe(false);
    expect(ZChannelConfigSchema.safeParse({ content_type: 'manual', content_model: 'channel' }).success).toBe(
      true,
    );
  });
});

describe('search query', () => {
  it('defaults to every tab and rejects unknown ones', () => {
    expect(ZSearchQuerySchema.parse({ query: 'x' }).types).toHaveLength(7);
    expect(ZSearchQuerySchema.parse({ query: 'x', types: 'tracks,tracks,albums' }).types).toEqual([
      'tracks',
      'albums',
    ]);
    expect(ZSearchQuerySchema.safeParse({ query: 'x', types: 'tracks,songs' }).success).toBe(false);
    expect(ZSearchQuerySchema.safeParse({ query: '   ' }).success).toBe(false);
  });
});
