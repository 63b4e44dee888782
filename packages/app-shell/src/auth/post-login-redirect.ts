import type { TUser } from '@cadence/contracts/user';
import { defaultRedirect } from '@cadence/permissions/route-access';

/** Where the pricing page keeps the plan a guest picked before signing up (spec 2.4). */
export const ONBOARDING_SELECTION_KEY = 'be.onboarding.selected';

export interface TOnboardingSelection {
  productId: number | string;
  priceId: number | string;
}

function readSelection(storage: Pick<Storage, 'getItem'> | undefined): TOnboardingSelection | null {
  try {
    const raw = storage?.getItem(ONBOARDING_SELECTION_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { productId, priceId } = parsed as Partial<TOnboardingSelection>;
    const isId = (id: unknown) => (typeof id === 'number' || typeof id === 'string') && `${id}` !== '';
    return isId(productId) && isId(priceId) ? { productId: productId!, priceId: priceId! } : null;
  } catch {
    return null;
  }
}

function browserStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/**
 * Spec 2.4: a stored onboarding selection sends the user to its checkout; otherwise admins go
 * to /admin and everyone else to /.
 */
export function postLoginRedirect(
  user: Pick<TUser, 'permissions'> | null,
  storage: Pick<Storage, 'getItem'> | undefined = browserStorage(),
): string {
  const selection = readSelection(storage);
  if (selection) {
    return `/checkout/${encodeURIComponent(selection.productId)}/${encodeURIComponent(selection.priceId)}`;
  }
  return defaultRedirect(user);
}
