export const INVALID_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';
export const SUSPENDED_MESSAGE = 'Your account is suspended';
export const PASSWORD_MISMATCH_MESSAGE = 'The password confirmation does not match.';
export const WRONG_PASSWORD_MESSAGE = 'The provided password was incorrect.';
export const EMAIL_TAKEN_MESSAGE = 'The email has already been taken.';
export const REGISTRATION_DISABLED_MESSAGE = 'Registration is disabled.';
export const RECAPTCHA_FAILED_MESSAGE = 'Could not verify you are human.';
export const UNVERIFIED_MESSAGE = 'Please verify your email address.';
export const INVALID_EMAIL_CODE_MESSAGE = 'This code is invalid or has expired.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This password reset token is invalid.';
export const TOKEN_CANNOT_CHANGE_PASSWORD_MESSAGE =
  'An API token cannot change the password: sign in with your password to change it.';
export const TOKEN_CANNOT_CREATE_TOKENS_MESSAGE =
  'An API token cannot create API tokens: sign in with your password to create one.';
export const TOKEN_CANNOT_CONFIRM_PASSWORD_MESSAGE =
  'An API token cannot confirm the password: sign in with your password to confirm it.';
