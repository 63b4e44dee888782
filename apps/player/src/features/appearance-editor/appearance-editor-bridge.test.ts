import { getBootstrapData, setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { darkTheme, lightTheme } from '@cadence/app-shell/test/fixtures';
import { getThemeChoice, resetThemeChoice } from '@cadence/app-shell/theme-store';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { startAppearanceEditorBridge } from './appearance-editor-bridge';

const ORIGIN = 'http://localhost:3000';
const source = 'be-appearance-editor';

function fakeFrame() {
  const listeners: ((event: MessageEvent) => void)[] = [];
  const parent = { postMessage: vi.fn() };
  const win = {
    location: { origin: ORIGIN, search: '?appearanceEditor=true', href: `${ORIGIN}/?appearanceEditor=true` },
    parent,
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: vi.fn(),
  } as unknown as Window;
  const send = (data: unknown, origin = ORIGIN, from: unknown = parent) => {
    for (const listener of listeners) listener({ data, origin, source: from } as MessageEvent);
  };
  return { win, parent, send };
}

beforeEach(() => {
  resetThemeChoice();
  const data = bootstrapFixture();
  setBootstrapData({ ...data, themes: { all: [darkTheme, lightTheme], selectedThemeId: null } });
});

describe('appearance editor bridge', () => {
  it('announces itself to the editor, then shows what the editor sends', () => {
    const { win, parent, send } = fakeFrame();
    startAppearanceEditorBridge(win);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { source: 'be-appearance-preview', type: 'ready' },
      ORIGIN,
    );
    const theme = getBootstrapData().themes.all[0];
    if (!theme) throw new Error('fixture has no theme');

    send({ source, type: 'setThemeValue', themeId: theme.id, name: '--be-primary', value: '1 2 3' });
    send({ source, type: 'setThemeFont', themeId: theme.id, fontFamily: 'Georgia, serif' });
    send({
      source,
      type: 'setValues',
      values: { settings: { branding: { logo_light: 'x.svg' } }, menus: [] },
    });
    send({ source, type: 'setCustomCode', mode: 'css', value: 'body{color:red}' });
    send({ source, type: 'setActiveTheme', themeId: theme.id });

    const data = getBootstrapData();
    expect(data.themes.all[0]?.values['--be-primary']).toBe('1 2 3');
    expect(data.themes.all[0]?.values['--be-font-family']).toBe('Georgia, serif');
    expect(data.settings.branding.logo_light).toBe('x.svg');
    expect(data.settings.branding.site_name).toBe(bootstrapFixture().settings.branding.site_name);
    expect(data.menus).toEqual([]);
    expect((data.settings as { custom_code?: { css: string } }).custom_code?.css).toBe('body{color:red}');
    expect(getThemeChoice()).toBe(String(theme.id));
    // The preview's choice is not written to the cookie the editor itself reads.
    expect(document.cookie).not.toContain('be-active-theme');
  });

  it('ignores messages from another origin, another window, or of another shape', () => {
    const { win, send } = fakeFrame();
    startAppearanceEditorBridge(win);
    const before = getBootstrapData();
    const theme = before.themes.all[0];
    if (!theme) throw new Error('fixture has no theme');
    const message = {
      source,
      type: 'setThemeValue',
      themeId: theme.id,
      name: '--be-primary',
      value: '9 9 9',
    };
    send(message, 'https://evil.example');
    send(message, ORIGIN, {});
    send({ ...message, source: 'someone-else' });
    send({ ...message, name: 'color' });
    expect(getBootstrapData()).toBe(before);
  });
});
