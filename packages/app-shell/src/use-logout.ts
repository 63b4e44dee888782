import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import { apiClient } from '@cadence/http-client/http-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useHref, useNavigate } from 'react-router';
import { setBootstrapData } from './bootstrap-store';
import { toast } from './toast-store';
import { trans } from './trans';
import { setActiveWorkspaceId } from './workspaces/active-workspace';

const isEditorAddress = (search: string) => new URLSearchParams(search).get('appearanceEditor') === 'true';
/** Read at start: the preview keeps being the editor's after it navigates to a page without the flag. */
const startedInEditor = typeof window !== 'undefined' && isEditorAddress(window.location.search);

export function isInAppearanceEditor(search = window.location.search): boolean {
  return startedInEditor || isEditorAddress(search);
}

/**
 * Spec 4: logout replaces bootstrap data, clears cached data and goes to /login (the player's
 * login page, so admin and backstage leave their app with a full navigation).
 */
export function useLogout(): { logout: () => Promise<void>; isPending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isPlayerApp = useHref('/') === '/';
  const [isPending, setIsPending] = useState(false);

  const logout = useCallback(async () => {
    if (isInAppearanceEditor()) {
      toast.danger(trans("Can't logout while in appearance editor."));
      return;
    }
    setIsPending(true);
    try {
      const { bootstrapData } = await apiClient.post<{ bootstrapData: TBootstrapData }>('auth/logout');
      setBootstrapData(bootstrapData);
      // The next account on this browser starts in its personal workspace (spec 4: default 0).
      setActiveWorkspaceId(0);
      queryClient.clear();
      if (isPlayerApp) navigate('/login');
      else window.location.assign('/login');
    } catch {
      toast.danger(trans(GENERIC_ERROR_MESSAGE));
    } finally {
      setIsPending(false);
    }
  }, [queryClient, navigate, isPlayerApp]);

  return { logout, isPending };
}
