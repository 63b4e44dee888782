import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextTwoFactorStep,
  type TTwoFactorEvent,
  type TTwoFactorStep,
  twoFactorStartStep,
} from './two-factor-step';

describe('two factor steps (spec 4)', () => {
  it('starts enabled when confirmed, finishing with only recovery codes, else not enabled', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constant('2026-01-01T00:00:00Z'), { nil: null }),
        fc.boolean(),
        (confirmedAt, hasCodes) => {
          const step = twoFactorStartStep({
            two_factor_confirmed_at: confirmedAt,
            hasRecoveryCodes: hasCodes,
          });
          expect(step).toBe(confirmedAt ? 'enabled' : hasCodes ? 'finishing' : 'disabled');
        },
      ),
    );
  });

  it('moves only along the spec transitions', () => {
    expect(nextTwoFactorStep('disabled', 'enable')).toBe('finishing');
    expect(nextTwoFactorStep('finishing', 'confirm')).toBe('enabled');
    expect(nextTwoFactorStep('finishing', 'cancel')).toBe('disabled');
    expect(nextTwoFactorStep('enabled', 'disable')).toBe('disabled');
    const steps: TTwoFactorStep[] = ['disabled', 'finishing', 'enabled'];
    const events: TTwoFactorEvent[] = ['enable', 'confirm', 'cancel', 'disable'];
    const allowed = new Set(['disabled:enable', 'finishing:confirm', 'finishing:cancel', 'enabled:disable']);
    for (const step of steps) {
      for (const event of events) {
        if (!allowed.has(`${step}:${event}`)) expect(nextTwoFactorStep(step, event)).toBe(step);
      }
    }
  });
});
