import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_SELECTION_KEY, postLoginRedirect } from './post-login-redirect';

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === ONBOARDING_SELECTION_KEY ? value : null),
});
const admin = { permissions: [{ name: 'admin', restrictions: [] }] };
const listener = { permissions: [{ name: 'music.view', restrictions: [] }] };

describe('postLoginRedirect (spec 2.4)', () => {
  it('sends admins to /admin and everyone else to /', () => {
    expect(postLoginRedirect(admin, storage(null))).toBe('/admin');
    expect(
      postLoginRedirect({ permissions: [{ name: 'admin.access', restrictions: [] }] }, storage(null)),
    ).toBe('/admin');
    expect(postLoginRedirect(listener, storage(null))).toBe('/');
    expect(postLoginRedirect(null, storage(null))).toBe('/');
  });

  it('prefers a stored onboarding selection, for anyone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1 }),
        fc.integer({ min: 1 }),
        fc.boolean(),
        (productId, priceId, isAdmin) => {
          const selection = storage(JSON.stringify({ productId, priceId }));
          expect(postLoginRedirect(isAdmin ? admin : listener, selection)).toBe(
            `/checkout/${productId}/${priceId}`,
          );
        },
      ),
    );
  });

  it('ignores a malformed selection', () => {
    for (const raw of ['{', '"x"', '{"productId":1}', 'null', '{"productId":"","priceId":2}']) {
      expect(postLoginRedirect(listener, storage(raw))).toBe('/');
    }
  });
});
