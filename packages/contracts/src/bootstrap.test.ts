import { describe, expect, it } from 'vitest';
import { ZBootstrapDataSchema } from './bootstrap';
import { ZErrorEnvelopeSchema } from './errors';
import { paginationSchema } from './pagination';
import { ZUserSchema } from './user';

describe('contracts', () => {
  it('rejects bootstrap data without settings', () => {
    const result = ZBootstrapDataSchema.safeParse({ user: null, menus: [] });
    expect(result.success).toBe(false);
  });

  it('accepts the 422 envelope with a message or a list of messages per field', () => {
    const envelope = {
      message: 'The email field is required.',
      errors: { email: ['required'], code: 'bad' },
    };
    expect(ZErrorEnvelopeSchema.parse(envelope)).toEqual(envelope);
    expect(ZErrorEnvelopeSchema.safeParse({ errors: {} }).success).toBe(false);
  });

  it('types paginated lists with the item schema', () => {
    const schema = paginationSchema(ZUserSchema.pick({ id: true, name: true }));
    const page = { data: [{ id: 1, name: 'Ada' }], current_page: 1, per_page: 15, total: 1, last_page: 1 };
    expect(schema.parse({ pagination: page }).pagination.data[0]?.name).toBe('Ada');
    expect(schema.safeParse({ pagination: { ...page, data: [{ id: 'x' }] } }).success).toBe(false);
  });
});
