export type TTwoFactorStep = 'disabled' | 'finishing' | 'enabled';

/**
 * Spec 4 start step: enabled when two_factor_confirmed_at is set, finishing when only
 * recovery codes exist, otherwise not enabled.
 */
export function twoFactorStartStep(user: {
  two_factor_confirmed_at: string | null;
  hasRecoveryCodes: boolean;
}): TTwoFactorStep {
  if (user.two_factor_confirmed_at) return 'enabled';
  if (user.hasRecoveryCodes) return 'finishing';
  return 'disabled';
}

export type TTwoFactorEvent = 'enable' | 'confirm' | 'cancel' | 'disable';

/** Spec 4 transitions: enable -> finishing, confirm -> enabled, cancel and disable -> not enabled. */
export function nextTwoFactorStep(step: TTwoFactorStep, event: TTwoFactorEvent): TTwoFactorStep {
  if (step === 'disabled' && event === 'enable') return 'finishing';
  if (step === 'finishing' && event === 'confirm') return 'enabled';
  if (step === 'finishing' && event === 'cancel') return 'disabled';
  if (step === 'enabled' && event === 'disable') return 'disabled';
  return step;
}
