import {
  ZBootstrapDataResponseSchema,
  ZLoginResponseSchema,
  ZMessageResponseSchema,
} from '@cadence/contracts/auth';
import { delay, HttpResponse, http } from 'msw';
import { getBootstrapData } from '../bootstrap-store';
import { makeUser } from '../test/fixtures';
import { fixture, signedOut, withSettings } from '../test/story-helpers';

/**
 * The auth pages' api answers for the catalogue (`auth/` paths have no `api/v1`), parsed with
 * their contracts. The pages are for guests: the stories start signed out (`signedOut`), which also
 * puts the catalogue's bootstrap data back after a story that signed in.
 */

/** The bootstrap data a successful sign-in answers with: the catalogue's, signed in. */
const signedIn = () =>
  fixture(ZBootstrapDataResponseSchema, { bootstrapData: { ...getBootstrapData(), user: makeUser() } });

export const authApi = {
  login: (answer: 'signed-in' | 'two-factor' = 'signed-in') =>
    http.post('*/auth/login', () =>
      HttpResponse.json(
        fixture(ZLoginResponseSchema, answer === 'two-factor' ? { two_factor: true } : signedIn()),
      ),
    ),
  signedIn: (path: string) => http.post(`*/${path}`, () => HttpResponse.json(signedIn())),
  message: (path: string, message: string) =>
    http.post(`*/${path}`, () => HttpResponse.json(fixture(ZMessageResponseSchema, { message }))),
  /** The spec's 422 with its `errors` shape: one message per field. */
  invalid: (path: string, errors: Record<string, string[]>, message = 'The given data was invalid.') =>
    http.post(`*/${path}`, () => HttpResponse.json({ message, errors }, { status: 422 })),
  pending: (path: string) => http.post(`*/${path}`, () => delay('infinite')),
};

export { signedOut };

/** Google and Facebook switched on (`compact`: icon buttons). */
export const withSocialLogin = (compact = false) =>
  withSettings({
    social: { google: { enable: true }, facebook: { enable: true }, compact_buttons: compact },
  });
