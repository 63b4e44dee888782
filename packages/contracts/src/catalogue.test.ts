import { describe, expect, it } from 'vitest';
import { catalogueListQuerySchema, ZIdParamsSchema } from './catalogue';

describe('catalogue list queries', () => {
  const schema = catalogueListQuerySchema({ with: ['genres'], loadCount: ['likes'], orderBy: ['name'] });

  it('splits and validates the allow-lists', () => {
    expect(schema.parse({ with: 'genres,genres', loadCount: 'likes', orderBy: 'name' })).toMatchObject({
      with: ['genres'],
      load: [],
      loadCount: ['likes'],
      page: 1,
      perPage: 15,
    });
    expect(schema.safeParse({ with: 'genres,owner' }).success).toBe(false);
    expect(schema.safeParse({ loadCount: 'plays' }).success).toBe(false);
    expect(schema.safeParse({ orderBy: 'password' }).success).toBe(false);
  });

  it('accepts only plain positive ids', () => {
    expect(ZIdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1e3', '../1', '01', '1.0', '9999999999999999']) {
      expect(ZIdParamsSchema.safeParse({ id }).success).toBe(false);
    }
  });
});
