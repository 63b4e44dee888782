import { defaultMenus } from '@cadence/contracts/default-menus';
import { describe, expect, it } from 'vitest';
import { englishLines, englishLocalization, englishSources } from './localization-en';

/** Strings the spec quotes word for word (sections 2, 4, 5, 7, 8) and the app shell's own. */
const quotedBySpec = [
  'Verify your email',
  'Enter the verification code we sent to :email',
  'Code',
  'Enter your verification code',
  'Next',
  'Your account is suspended',
  "You can't open :name because your account is suspended. Contact the Admin to re-activate your account.",
  "Looks like you've found the doorway to the great nothing",
  'Take me there!',
  'There was an issue loading this page',
  'Please try again later',
  'Unexpected Application Error!',
  'You are offline.',
  'There was an issue. Please try again.',
  'Stay signed in for a month',
  'Create a new account',
  "First, let's create your account",
  'To join your team on :siteName, create an account',
  'Already have an account? Sign in.',
  'Notifications',
  'Mark all as read',
  'Hang tight! Notifications will start showing up here soon.',
  'Manage social login',
  'Disabled',
  "If you disable social logins, you'll still be able to log in using your email and password.",
  'API Token',
  'Unknown IP',
  'This device',
  'Never',
  'Token name',
  'Annual',
  'Monthly',
  'Free',
  'Get started for free',
  'Upgrade',
  'Email sent',
  'Your password has been reset!',
  'Disabled :service account',
  'Enabled :service account',
  'Updated account details',
  'Uploaded avatar',
  'Removed avatar',
  'Account deleted',
  'Password changed',
  'Token create',
  'Token deleted',
  'Logged out other sessions.',
  'Two factor authentication has been disabled.',
  'Updated preferences',
  'Joined workspace',
  'Declined workspace invitation',
  'Your message has been submitted.',
  'This invite is no longer valid',
  "Can't logout while in appearance editor.",
  'Could not verify you are human.',
  'An error occurred. Please try again later',
  '`:file` exceeds maximum allowed size of :size',
  'This file type is not allowed',
  'Upload timed out',
  'Please select an image.',
  'Notifications blocked. Please enable them for this site from browser settings.',
  'There are no items matching your query',
  'a few seconds ago',
  'Accept',
  'This website uses cookies to ensure you get the best experience on our website.',
  'Learn more',
  'Dark mode',
  'Light mode',
  'Log out',
  'Register',
  'Login',
  'Admin area',
  'Web player',
  'Account settings',
];

describe('englishLines', () => {
  it('holds every string the spec quotes', () => {
    const missing = quotedBySpec.filter((source) => !(source in englishLines));
    expect(missing).toEqual([]);
  });

  it('holds every seeded menu label', () => {
    const labels = defaultMenus.flatMap((menu) => menu.items.map((item) => item.label));
    expect(labels.filter((label) => !(label in englishLines))).toEqual([]);
  });

  it('maps each source to itself, without blanks or stray whitespace', () => {
    expect(Object.keys(englishLines)).toHaveLength(englishSources.length);
    for (const [source, translation] of Object.entries(englishLines)) {
      expect(translation).toBe(source);
      expect(source.trim()).toBe(source);
      expect(source.length).toBeGreaterThan(0);
    }
  });

  it('describes the English localization', () => {
    expect(englishLocalization).toEqual({ name: 'English', language: 'en' });
  });
});
