import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { type TArtist, ZArtistSchema } from './artist';
import { paginationSchema, type TPagination } from './pagination';

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
