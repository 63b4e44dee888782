import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { type TArtist, ZArtistSchema } from './artist';
import { hasNextPage, paginationSchema, type TPagination } from './pagination';

describe('TPagination', () => {
  it('is what paginationSchema infers to', () => {
    const schema = paginationSchema(ZArtistSchema);
    expectTypeOf<z.infer<typeof schema>>().toEqualTypeOf<TPagination<TArtist>>();
    const empty: TPagination<TArtist> = {
      pagination: { data: [], current_page: 1, per_page: 15, total: 0, last_page: 1 },
    };
    expect(schema.parse(empty)).toEqual(empty);
  });
});

describe('capped totals', () => {
  const schema = paginationSchema(ZArtistSchema);
  const base = { data: [], current_page: 400, per_page: 25, total: 10_000, last_page: 400 };

  it('keeps total_capped and still accepts lists that never send it', () => {
    expect(schema.parse({ pagination: { ...base, total_capped: true } }).pagination.total_capped).toBe(true);
    expect(schema.parse({ pagination: base }).pagination).not.toHaveProperty('total_capped');
    expect(schema.safeParse({ pagination: { ...base, total_capped: 'yes' } }).success).toBe(false);
  });

  it('has a next page past a capped last_page, and none past an exact one', () => {
    expect(hasNextPage({ ...base, total_capped: true })).toBe(true);
    expect(hasNextPage(base)).toBe(false);
    expect(hasNextPage({ ...base, total_capped: false })).toBe(false);
    expect(hasNextPage({ ...base, current_page: 399 })).toBe(true);
  });
});
