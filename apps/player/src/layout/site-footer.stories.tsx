import { fixture, withBootstrap, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZMenuSchema } from '@cadence/contracts/menu';
import { applyPseudoStates } from '@cadence/ui/test/pseudo-states';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SiteFooter } from './site-footer';

/** The footer menus and the languages, as bootstrap data carries them (parsed with the contract by `withBootstrap`). */
const withFooterData = withBootstrap((data) => ({
  ...data,
  menus: fixture(ZMenuSchema.array(), [
    {
      id: 'footer',
      name: 'Footer',
      positions: ['footer'],
      items: [
        { id: 'terms', label: 'Terms of Service', type: 'route', action: '/pages/terms' },
        { id: 'privacy', label: 'Privacy Policy', type: 'route', action: '/pages/privacy' },
        { id: 'contact', label: 'Contact us', type: 'route', action: '/contact' },
      ],
    },
    {
      id: 'footer-secondary',
      name: 'Footer secondary',
      positions: ['footer-secondary'],
      items: [{ id: 'api', label: 'API', type: 'link', action: 'https://example.com/api' }],
    },
  ]),
  localizations: [
    { id: 1, name: 'English', language: 'en' },
    { id: 2, name: 'Deutsch', language: 'de' },
    { id: 3, name: 'Lietuvių', language: 'lt' },
  ],
}));

/** Spec 2.5: the footer menus, copyright, the light/dark switch and the language picker. */
const meta = {
  title: 'Layout/SiteFooter',
  component: SiteFooter,
  decorators: [withRouter],
  beforeEach: [withFooterData],
} satisfies Meta<typeof SiteFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement).getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getAllByRole('link')).toHaveLength(3);
  },
};

/** The language menu opens by keyboard (its chunk loads on focus) with the current language checked. */
export const LanguageMenuByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    within(canvasElement)
      .getByRole('button', { name: /English/ })
      .focus();
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu', { name: 'Language' });
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    expect(within(menu).getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  },
};

export const HoverAndFocus: Story = {
  parameters: { pseudo: { rootSelector: 'body', hover: ['a', 'button'], focusVisible: ['button'] } },
  play: applyPseudoStates,
};

/** No menus and one language: copyright and the theme switch only. */
export const Minimal: Story = {
  beforeEach: [withBootstrap((data) => ({ ...data, menus: [], localizations: [] }))],
};
