import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';

/**
 * The product's one catalogue: every package's and app's `*.stories.tsx`, grouped in the sidebar
 * by where the component lives. A new package or app with stories gets a line here.
 */
const root = '../../..';
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: [
    { directory: `${root}/packages/ui/src`, files: '**/*.stories.tsx', titlePrefix: 'UI' },
    { directory: `${root}/packages/app-shell/src`, files: '**/*.stories.tsx', titlePrefix: 'App shell' },
    { directory: `${root}/packages/admin-kit/src`, files: '**/*.stories.tsx', titlePrefix: 'Admin kit' },
    { directory: `${root}/packages/music-forms/src`, files: '**/*.stories.tsx', titlePrefix: 'Music forms' },
    { directory: `${root}/packages/uploader/src`, files: '**/*.stories.tsx', titlePrefix: 'Uploader' },
    { directory: `${root}/apps/player/src`, files: '**/*.stories.tsx', titlePrefix: 'Player' },
    { directory: `${root}/apps/admin/src`, files: '**/*.stories.tsx', titlePrefix: 'Admin' },
    { directory: `${root}/apps/backstage/src`, files: '**/*.stories.tsx', titlePrefix: 'Backstage' },
  ],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), tailwindcss()];
    viteConfig.build ??= {};
    viteConfig.build.rolldownOptions = {
      ...viteConfig.build.rolldownOptions,
      // lucide-react and react-aria mark modules "use client"; that is meaningless in a static SPA build.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    };
    return viteConfig;
  },
};

export default config;
