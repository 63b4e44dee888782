import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppBasename } from '../app-link';
import { resolveAppLink } from '../app-links';
import { setBootstrapData } from '../bootstrap-store';
import { postLoginRedirect } from './post-login-redirect';

/**
 * Spec 4: after login (or social login) the bootstrap data is applied and the user goes to
 * the redirect address; a target in another app (/admin) needs a full page load.
 */
export function useCompleteSignIn(): (data: TBootstrapData | null, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const basename = useAppBasename();
  return useCallback(
    (data, options = {}) => {
      if (data) {
        setBootstrapData(data);
        // Data cached for the guest (library, permissions-dependent lists) is stale now.
        queryClient.clear();
      }
      const link = resolveAppLink(postLoginRedirect(data?.user ?? null), basename, data?.app_urls);
      if (link.kind === 'document') window.location.assign(link.href);
      else navigate(link.to, { replace: options.replace ?? true });
    },
    [navigate, queryClient, basename],
  );
}
