import { describe, expect, it } from 'vitest';
import { isNarrowed, readListState, toApiQuery, writeListState } from './list-params';

const options = { filterKeys: ['role', 'banned'], defaultOrderBy: 'created_at' };

describe('list state in the address', () => {
  it('reads defaults from an empty address', () => {
    const state = readListState(new URLSearchParams(), options);
    expect(state).toEqual({
      page: 1,
      perPage: 15,
      orderBy: 'created_at',
      orderDir: 'desc',
      query: '',
      filters: {},
      after: '',
    });
    expect(isNarrowed(state)).toBe(false);
  });

  it('reads page, sort, search and only the declared filters; junk falls back to defaults', () => {
    const state = readListState(
      new URLSearchParams('page=3&perPage=500&orderBy=email&orderDir=asc&query=ann&role=2&other=x&banned='),
      options,
    );
    expect(state).toEqual({
      page: 3,
      perPage: 100,
      orderBy: 'email',
      orderDir: 'asc',
      query: 'ann',
      filters: { role: '2' },
      after: '',
    });
    expect(isNarrowed(state)).toBe(true);
    expect(readListState(new URLSearchParams('page=-2&orderDir=up&perPage=1.5'), options)).toMatchObject({
      page: 1,
      perPage: 15,
      orderDir: 'desc',
    });
  });

  it('goes back to page 1 when the search, a filter, the sort or the page size changes; keeps other params', () => {
    const current = new URLSearchParams('tab=x&page=4&query=a');
    expect(writeListState(current, { query: 'ann ' }, options).toString()).toBe('tab=x&query=ann');
    const keyset = new URLSearchParams('query=old&cursor=abc&trail=x,y');
    expect(writeListState(keyset, { query: 'new' }, { pageKeys: ['cursor', 'trail'] }).toString()).toBe(
      'query=new',
    );
    expect(writeListState(keyset, { page: 2 }, { pageKeys: ['cursor', 'trail'] }).get('cursor')).toBe('abc');
    expect(writeListState(current, { filters: { role: '1' } }, options).toString()).toBe(
      'tab=x&query=a&role=1',
    );
    expect(writeListState(current, { orderBy: 'email', orderDir: 'asc' }, options).get('page')).toBeNull();
    expect(writeListState(current, { page: 5 }, options).get('page')).toBe('5');
    expect(writeListState(current, { page: 1 }, options).has('page')).toBe(false);
    expect(writeListState(current, { perPage: 15 }, options).has('perPage')).toBe(false);
    expect(
      writeListState(new URLSearchParams('role=1'), { filters: { role: null } }, options).toString(),
    ).toBe('');
  });

  it('keeps a Next cursor only with the page it leads to', () => {
    const current = new URLSearchParams('query=a&page=4');
    const next = writeListState(current, { page: 5, after: 'c5' }, options);
    expect(next.toString()).toBe('query=a&page=5&after=c5');
    expect(toApiQuery(readListState(next, options))).toMatchObject({ page: 5, after: 'c5' });
    // Previous, a page number, a new search or sort: the cursor goes.
    expect(writeListState(next, { page: 4 }, options).has('after')).toBe(false);
    expect(writeListState(next, { page: 1, after: 'c1' }, options).toString()).toBe('query=a');
    expect(writeListState(next, { query: 'b' }, options).has('after')).toBe(false);
    expect(writeListState(next, { orderBy: 'email' }, options).has('after')).toBe(false);
    // A cursor without its page number is stale and not sent.
    expect(readListState(new URLSearchParams('after=c5'), options).after).toBe('');
  });

  it('round-trips into the api query', () => {
    const state = readListState(
      new URLSearchParams('page=2&orderBy=email&orderDir=asc&query=ann&role=2'),
      options,
    );
    expect(toApiQuery(state)).toEqual({
      page: 2,
      perPage: 15,
      orderBy: 'email',
      orderDir: 'asc',
      query: 'ann',
      role: '2',
    });
    expect(toApiQuery(readListState(new URLSearchParams(), { filterKeys: [] }))).toEqual({
      page: 1,
      perPage: 15,
    });
  });
});
