import './preview.css';
import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import { storyThemes, type TStoryTheme } from './themes';

// Themes are applied the way the app shell does it: variables on the root element, so
// portalled overlays (dialogs, menus, tooltips) pick them up too.
const withTheme: Decorator = (Story, context) => {
  const theme = (context.globals.theme as TStoryTheme | undefined) ?? 'dark';
  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(storyThemes[theme])) root.style.setProperty(name, value);
    root.style.colorScheme = theme;
  }, [theme]);
  return (
    <div className="bg-bg p-6 text-fg">
      <Story />
    </div>
  );
};

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Theme variables',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['dark', 'light'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'dark' },
  parameters: { layout: 'fullscreen' },
};

export default preview;
