// Zod-free, and apart from workspace-constants.ts: every app's first download reads the active
// workspace (the cookie, the personal one); the roles, permissions and messages load with the
// workspace pages. A module is never split across chunks, so the first download would carry all
// of workspace-constants.ts's used exports.
/** Spec 1: the personal workspace every user has; it is not a row. */
export const DEFAULT_WORKSPACE = { id: 0, name: 'Default' } as const;
/** Spec 4: the active workspace id lives in this cookie (0 = the personal one). */
export const WORKSPACE_COOKIE = 'activeWorkspaceId';
