// Zod-free on purpose: the apps' first download imports this, and errors.ts's schemas would bring zod.
export const GENERIC_ERROR_MESSAGE = 'There was an issue. Please try again.';
