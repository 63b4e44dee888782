import type { Meta, StoryObj } from '@storybook/react-vite';
import { Logo } from './logo';

const svg = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40"><text x="0" y="30" font-size="28" font-family="sans-serif" fill="${fill}">Cadence</text></svg>`,
  )}`;

const meta = {
  title: 'Logo',
  component: Logo,
  parameters: {
    docs: {
      description: {
        component:
          'The site logo from the branding settings: the light or dark image by theme, falling back to the other variant and then to the site name as text, so it never vanishes. `alt` is the site name.',
      },
    },
  },
  args: { alt: 'Cadence', lightSrc: svg('#ffffff'), darkSrc: svg('#111111'), isDarkTheme: true },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnDarkTheme: Story = {};
export const OnLightTheme: Story = { args: { isDarkTheme: false } };
export const SiteNameFallback: Story = { args: { lightSrc: null, darkSrc: null } };
