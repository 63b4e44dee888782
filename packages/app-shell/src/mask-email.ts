const UNKNOWN_EMAIL_MASK = '********';

/**
 * Spec 2.2: first two characters of the local part, four asterisks, the domain; a fixed row of
 * asterisks when the address is unknown.
 */
export function maskEmail(email: string | null | undefined): string {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at <= 0) return UNKNOWN_EMAIL_MASK;
  return `${email.slice(0, Math.min(2, at))}****${email.slice(at)}`;
}
