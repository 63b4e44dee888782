import { describe, expect, it } from 'vitest';
import { homePageOf } from './homepage';

const settings = (type: string, value: string | null, isRegistrationOff = false) => ({
  homepage: { type, value },
  registration: { disable: isRegistrationOff, policies: [] },
});

describe('the homepage setting', () => {
  it("shows a guest the page it names, by the settings' stored values", () => {
    expect(homePageOf(settings('landingPage', null), false)).toEqual({ kind: 'landing' });
    expect(homePageOf(settings('loginPage', null), false)).toEqual({ kind: 'login' });
    expect(homePageOf(settings('registerPage', null), false)).toEqual({ kind: 'register' });
    expect(homePageOf(settings('registerPage', null, true), false)).toEqual({ kind: 'login' });
    expect(homePageOf(settings('channel', 'charts'), false)).toEqual({ kind: 'channel', slugOrId: 'charts' });
    expect(homePageOf(settings('customPage', 'about-us'), false)).toEqual({
      kind: 'customPage',
      pageKey: 'about-us',
    });
  });

  it('shows a signed-in user the home channel where the page is for guests', () => {
    for (const type of ['landingPage', 'loginPage', 'registerPage'])
      expect(homePageOf(settings(type, 'discover'), true)).toEqual({ kind: 'channel', slugOrId: 'discover' });
    expect(homePageOf(settings('channel', null), true)).toEqual({ kind: 'channel', slugOrId: 'discover' });
    expect(homePageOf(settings('customPage', null), true)).toEqual({ kind: 'channel', slugOrId: 'discover' });
  });
});
