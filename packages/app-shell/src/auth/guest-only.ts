import { type LoaderFunctionArgs, redirect, redirectDocument } from 'react-router';
import { resolveAppLink } from '../app-links';
import { getBootstrapData } from '../bootstrap-store';
import { postLoginRedirect } from './post-login-redirect';

/** Spec 2.4: a logged-in user visiting a guest page goes to their redirect address. */
export function redirectLoggedInUser(): void {
  const { user } = getBootstrapData();
  if (!user) return;
  const link = resolveAppLink(postLoginRedirect(user), '');
  throw link.kind === 'document' ? redirectDocument(link.href) : redirect(link.to);
}

export function guestOnlyLoader(_args?: LoaderFunctionArgs): null {
  redirectLoggedInUser();
  return null;
}

/**
 * Spec 2.4 registration: away if logged in; to /login when registration is disabled, except
 * for workspace invites (the join route) or when an invite type is present.
 */
export function registerLoader({ request }: LoaderFunctionArgs): null {
  redirectLoggedInUser();
  const { settings } = getBootstrapData();
  if (!settings.registration.disable) return null;
  const url = new URL(request.url);
  const isWorkspaceJoin = url.pathname.startsWith('/workspace/join/');
  const hasInviteType = Boolean(url.searchParams.get('invite_type') ?? url.searchParams.get('inviteType'));
  if (isWorkspaceJoin || hasInviteType) return null;
  throw redirect('/login');
}
