import {
  getBootstrapData,
  hasBootstrapData,
  setBootstrapData,
  subscribeBootstrapData,
} from '@cadence/app-shell/bootstrap-store';
import { setThemeChoice } from '@cadence/app-shell/theme-store';
import { isInAppearanceEditor } from '@cadence/app-shell/use-logout';
import {
  APPEARANCE_PREVIEW_SOURCE,
  type TAppearanceEditorMessage,
  ZAppearanceEditorMessageSchema,
} from '@cadence/contracts/appearance';
import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import type { TTheme } from '@cadence/contracts/theme';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; anything else (arrays included) replaces. */
export function mergeValues(
  target: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeValues(current, value) : value;
  }
  return merged;
}

function updateTheme(
  data: TBootstrapData,
  themeId: number,
  change: (theme: TTheme) => TTheme,
): TBootstrapData {
  const all = data.themes.all.map((theme) => (theme.id === themeId ? change(theme) : theme));
  return { ...data, themes: { ...data.themes, all } };
}

/** What one editor message does to the preview's bootstrap data (shown at once, saved by nobody). */
export function applyEditorMessage(data: TBootstrapData, message: TAppearanceEditorMessage): TBootstrapData {
  switch (message.type) {
    case 'setValues': {
      const { settings, menus, themes } = message.values;
      return {
        ...data,
        settings: settings
          ? (mergeValues(data.settings, settings) as TBootstrapData['settings'])
          : data.settings,
        menus: menus ?? data.menus,
        themes: themes ? { ...data.themes, all: themes } : data.themes,
      };
    }
    case 'setThemeValue':
      return updateTheme(data, message.themeId, (theme) => ({
        ...theme,
        values: { ...theme.values, [message.name]: message.value },
      }));
    case 'setThemeFont':
      return updateTheme(data, message.themeId, (theme) => ({
        ...theme,
        values: { ...theme.values, '--be-font-family': message.fontFamily },
      }));
    case 'setCustomCode':
      return {
        ...data,
        settings: mergeValues(data.settings, {
          custom_code: { [message.mode]: message.value },
        }) as TBootstrapData['settings'],
      };
    case 'setActiveTheme':
      return data;
  }
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return null;
  }
}

/**
 * Spec 5 "Appearance editor frame messages": when the player runs as the editor's preview
 * (`appearanceEditor=true`), messages from the editor (its parent frame, on this origin or the
 * admin app's own) change what the preview shows. Anything from another origin or window is ignored.
 */
export function startAppearanceEditorBridge(win: Window = window): () => void {
  if (!isInAppearanceEditor(win.location.search)) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent || win.parent === win) return;
    const adminOrigin = hasBootstrapData() ? originOf(getBootstrapData().app_urls?.admin) : null;
    if (event.origin !== win.location.origin && event.origin !== adminOrigin) return;
    const parsed = ZAppearanceEditorMessageSchema.safeParse(event.data);
    if (!parsed.success || !hasBootstrapData()) return;
    const message = parsed.data;
    if (message.type === 'setActiveTheme') {
      setThemeChoice(String(message.themeId), { persist: false });
      return;
    }
    setBootstrapData(applyEditorMessage(getBootstrapData(), message));
  };
  win.addEventListener('message', onMessage);
  // The editor answers with everything it has changed so far (it may have started before us).
  const announce = () => {
    if (win.parent === win) return;
    const origins = new Set([win.location.origin, originOf(getBootstrapData().app_urls?.admin)]);
    for (const origin of origins) {
      if (origin) win.parent.postMessage({ source: APPEARANCE_PREVIEW_SOURCE, type: 'ready' }, origin);
    }
  };
  let unsubscribe = () => {};
  if (hasBootstrapData()) announce();
  else {
    unsubscribe = subscribeBootstrapData(() => {
      unsubscribe();
      announce();
    });
  }
  return () => {
    unsubscribe();
    win.removeEventListener('message', onMessage);
  };
}
