import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { darkTheme, lightTheme } from '@cadence/app-shell/test/fixtures';
import type { TAppearanceResponse } from '@cadence/contracts/appearance';
import { defaultSeoTemplates } from '@cadence/contracts/seo';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { AppearanceEditorProvider, useAppearanceEditor } from './appearance-editor-context';
import type { TPreviewMessage } from './preview-channel';

const initial: TAppearanceResponse = {
  site_name: 'Cadence',
  settings: {
    branding: {
      site_description: '',
      logo_light: 'images/logo-light.svg',
      logo_dark: 'images/logo-dark.svg',
      logo_light_mobile: '',
      logo_dark_mobile: '',
      favicon: '',
    },
    custom_code: { css: '', html: '' },
    themes: { default_id: 0, user_change: true },
    landing: {
      header_title: 'Connect on {site}',
      header_subtitle: '',
      header_image: '',
      header_image_opacity: 0.2,
      header_overlay_color_1: '',
      header_overlay_color_2: '',
      footer_title: '',
      footer_subtitle: '',
      footer_image: '',
      pricing_title: '',
      pricing_subtitle: '',
      show_trending_artists: true,
      show_pricing: false,
      actions: {
        input_text: '',
        input_button: '',
        cta1: { label: 'Signup Now', type: 'route', action: '/register' },
        cta2: { label: 'Explore', type: 'route', action: '/discover' },
        cta3: { label: 'Sign up', type: 'route', action: '/register' },
      },
      primary_features: [],
      secondary_features: [],
    },
    menus: [],
    seo: {
      artist_page: null,
      album_page: null,
      track_page: null,
      playlist_page: null,
      landing_page: null,
      channel_page: null,
      user_profile_page: null,
      search_page: defaultSeoTemplates.search_page.replace('Search results', 'Found'),
    },
  },
  themes: [darkTheme, lightTheme],
};

let editor: ReturnType<typeof useAppearanceEditor>;
function Probe() {
  editor = useAppearanceEditor();
  return null;
}

const posted: unknown[] = [];
beforeEach(() => {
  posted.length = 0;
  setBootstrapData(bootstrapFixture());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      if (input.method === 'POST') {
        const body = await input.json();
        posted.push(body);
        const themes = body.themes.map((theme: { id: number | null }, index: number) => ({
          ...theme,
          id: theme.id ?? 100 + index,
        }));
        return Response.json({ site_name: 'Cadence', settings: body.settings, themes });
      }
      return Response.json({ bootstrapData: bootstrapFixture() });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('appearance editor state', () => {
  it('sends the whole draft to a preview that connects, then each change as it happens', () => {
    render(
      <AppearanceEditorProvider initial={initial}>
        <Probe />
      </AppearanceEditorProvider>,
    );
    const messages: TPreviewMessage[] = [];
    act(() => editor.connectPreview((message) => messages.push(message)));
    expect(messages.map((message) => message.type)).toEqual(['setValues', 'setCustomCode', 'setCustomCode']);
    // SEO templates stay out of the preview: the api renders them.
    expect(JSON.stringify(messages[0])).not.toContain('seo');

    act(() =>
      editor.update(
        (draft) => {
          draft.settings.branding.logo_light = 'new.svg';
        },
        { type: 'setValues', values: { settings: { branding: { logo_light: 'new.svg' } } } },
      ),
    );
    expect(messages.at(-1)).toEqual({
      type: 'setValues',
      values: { settings: { branding: { logo_light: 'new.svg' } } },
    });
    expect(editor.isDirty).toBe(true);
  });

  it('saves new themes with a null id and is clean afterwards', async () => {
    render(
      <AppearanceEditorProvider initial={initial}>
        <Probe />
      </AppearanceEditorProvider>,
    );
    act(() =>
      editor.update((draft) => {
        draft.themes.push({ ...lightTheme, id: -1, name: 'Copy', default_light: false });
      }),
    );
    await act(() => editor.save());
    const body = posted[0] as { themes: { id: number | null; name: string }[] };
    expect(body.themes.map((theme) => [theme.id, theme.name])).toEqual([
      [darkTheme.id, darkTheme.name],
      [lightTheme.id, lightTheme.name],
      [null, 'Copy'],
    ]);
    expect(editor.isDirty).toBe(false);
    expect(editor.draft.themes.at(-1)?.id).toBe(102);
  });

  it('refuses to save two default light themes before asking the api', async () => {
    render(
      <AppearanceEditorProvider initial={initial}>
        <Probe />
      </AppearanceEditorProvider>,
    );
    act(() =>
      editor.update((draft) => {
        for (const theme of draft.themes) theme.default_light = true;
      }),
    );
    await act(() => editor.save());
    expect(posted).toEqual([]);
    expect(editor.isDirty).toBe(true);
  });
});
