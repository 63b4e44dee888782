/** `auth.domain_blacklist`: comma-separated domains; a listed domain also blocks its subdomains. */
export function isBlacklistedEmail(email: string, blacklist: string): boolean {
  const domain = email.split('@').pop()?.trim().toLowerCase() ?? '';
  if (!domain) return false;
  return blacklist
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean)
    .some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`));
}

export const BLACKLISTED_DOMAIN_MESSAGE = 'This email domain is not allowed.';
