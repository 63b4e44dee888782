import { DEFAULT_WORKSPACE, WORKSPACE_COOKIE } from '@cadence/contracts/workspace-cookie';
import { readCookie, writeCookie } from '../cookies';

// Apart from workspace-queries.ts: logging out (in every app's first download) resets the cookie,
// and the queries and requests load with the switcher and the workspace pages.

/** Spec 4: the active workspace lives in the `activeWorkspaceId` cookie (0, the default, when absent). */
export function activeWorkspaceId(): number {
  const value = Number(readCookie(WORKSPACE_COOKIE));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_WORKSPACE.id;
}

export function setActiveWorkspaceId(id: number): void {
  writeCookie(WORKSPACE_COOKIE, String(id));
}
