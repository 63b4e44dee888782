// Zod-free on purpose: the apps' first download (email gate, social buttons) imports these, and
// auth.ts's schemas would bring zod and half the contracts with them.
export const TWO_FACTOR_CODE_LENGTH = 6;
export const RECOVERY_CODE_LENGTH = 21;
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset!';
export const EMAIL_CODE_LENGTH = 6;
export const SOCIAL_SERVICES = ['google', 'facebook', 'twitter', 'envato'] as const;
export type TSocialService = (typeof SOCIAL_SERVICES)[number];
