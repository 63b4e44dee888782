import { fixture, withBootstrap, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZMenuSchema } from '@cadence/contracts/menu';
import { applyPseudoStates } from '@cadence/ui/test/pseudo-states';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MobileBottomNav } from './mobile-bottom-nav';

// The seeded mobile-bottom menu's shape (the appearance editor's menus), parsed with the contract.
const MENUS = fixture(ZMenuSchema.array(), [
  {
    id: 'mobile',
    name: 'Mobile bottom',
    positions: ['mobile-bottom'],
    items: [
      { id: 'discover', label: 'Discover', icon: 'compass', type: 'route', action: '/discover' },
      { id: 'search', label: 'Search', icon: 'search', type: 'route', action: '/search' },
      { id: 'library', label: 'Your music', icon: 'library', type: 'route', action: '/library' },
      { id: 'account', label: 'Account', icon: 'user', type: 'route', action: '/account-settings' },
    ],
  },
]);

/** Spec 9: below 768 px the sidebar gives way to this bottom menu (the `mobile-bottom` menu). */
const meta = {
  title: 'Layout/MobileBottomNav',
  component: MobileBottomNav,
  decorators: [withRouter],
  beforeEach: [withBootstrap((data) => ({ ...data, menus: MENUS }))],
  globals: { viewport: { value: 'mobile' } },
  parameters: { route: '/discover' },
} satisfies Meta<typeof MobileBottomNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The current route's item stands out and is marked for screen readers. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Discover' }).getAttribute('aria-current')).toBe('page');
  },
};

export const OnLibrary: Story = { parameters: { route: '/library' } };

/** Keyboard focus on the items (forced, so axe checks it). */
export const Focused: Story = {
  parameters: { pseudo: { rootSelector: 'body', focusVisible: ['a'], hover: ['a'] } },
  play: applyPseudoStates,
};

/** No menu in that position: nothing renders. */
export const NoMenu: Story = {
  beforeEach: [withBootstrap((data) => ({ ...data, menus: [] }))],
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};
