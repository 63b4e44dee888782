import { applyPseudoStates } from '@cadence/ui/test/pseudo-states';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withRouter } from '../test/story-helpers';
import { signedOut, withSocialLogin } from './auth-story-fixtures';
import { SocialLoginButtons } from './social-login-buttons';

/** The sign-in pages' provider buttons: one per provider switched on in settings. */
const meta = {
  title: 'Auth/SocialLoginButtons',
  component: SocialLoginButtons,
  decorators: [withRouter, (Story) => <div className="max-w-sm">{<Story />}</div>],
  beforeEach: [signedOut, withSocialLogin()],
} satisfies Meta<typeof SocialLoginButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  },
};

/** `social.compact_buttons`: icon buttons, still named for screen readers. */
export const Compact: Story = {
  beforeEach: [signedOut, withSocialLogin(true)],
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
  },
};

export const Hover: Story = {
  parameters: { pseudo: { rootSelector: 'body', hover: ['button'], focusVisible: ['button'] } },
  play: applyPseudoStates,
};
