import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { describe, expect, it } from 'vitest';
import { bootstrapFixture, userFixture } from '../../test/bootstrap-fixture';
import { billingGuard } from './billing-guard';

type TGuardKind = Parameters<typeof billingGuard>[0];

/** What a guard does: null (the page opens), a redirect's target, or the 404 status. */
function outcome(kind: TGuardKind, state: { billing: boolean; user: 'guest' | 'listener' | 'subscriber' }) {
  const base = bootstrapFixture();
  const user =
    state.user === 'guest'
      ? null
      : {
          ...userFixture(),
          subscriptions: state.user === 'subscriber' ? [{ valid: true, active: true }] : [],
        };
  setBootstrapData({
    ...base,
    user,
    settings: { ...base.settings, billing: { ...base.settings.billing, enable: state.billing } },
  });
  try {
    return billingGuard(kind)();
  } catch (thrown) {
    const response = thrown as Response;
    return response.status === 404 ? 404 : response.headers.get('Location');
  }
}

describe('billing guards (spec 2.8 and 6)', () => {
  it('shows the 404 page everywhere while billing is off', () => {
    for (const kind of ['pricing', 'checkout', 'checkout-done', 'billing'] as const)
      expect(outcome(kind, { billing: false, user: 'subscriber' })).toBe(404);
  });

  it('opens /pricing to everyone', () => {
    expect(outcome('pricing', { billing: true, user: 'guest' })).toBeNull();
    expect(outcome('pricing', { billing: true, user: 'subscriber' })).toBeNull();
  });

  it('sends checkout guests to /register and subscribers to /billing', () => {
    expect(outcome('checkout', { billing: true, user: 'guest' })).toBe('/register');
    expect(outcome('checkout', { billing: true, user: 'subscriber' })).toBe('/billing');
    expect(outcome('checkout', { billing: true, user: 'listener' })).toBeNull();
    // The done page still opens once the webhook has made the subscription.
    expect(outcome('checkout-done', { billing: true, user: 'subscriber' })).toBeNull();
  });

  it('sends billing guests to /login and listeners without a plan to /pricing', () => {
    expect(outcome('billing', { billing: true, user: 'guest' })).toBe('/login');
    expect(outcome('billing', { billing: true, user: 'listener' })).toBe('/pricing');
    expect(outcome('billing', { billing: true, user: 'subscriber' })).toBeNull();
  });
});
