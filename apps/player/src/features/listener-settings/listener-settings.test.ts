import { describe, expect, it } from 'vitest';
import { readListenerSettings } from './listener-settings';

describe('readListenerSettings', () => {
  it('keeps the design defaults when nothing is set', () => {
    expect(readListenerSettings({})).toEqual({
      showBecomeArtist: false,
      showUploadButton: false,
      hideRadioButton: false,
      albumLayout: 'list',
      artistTabs: ['discography', 'similar', 'about'],
      showArtistDescription: false,
    });
  });

  it('reads the admin player tab', () => {
    const settings = readListenerSettings({
      player: {
        show_become_artist_button: true,
        show_upload_button: true,
        hide_radio_button: true,
        default_artist_view: 'grid',
      },
      artist_page: {
        show_description: true,
        tabs: [
          { id: 6, active: true },
          { id: 3, active: true },
          { id: 1, active: false },
          { id: 99, active: true },
        ],
      },
    });
    expect(settings).toEqual({
      showBecomeArtist: true,
      showUploadButton: true,
      hideRadioButton: true,
      albumLayout: 'grid',
      artistTabs: ['followers', 'about'],
      showArtistDescription: true,
    });
  });
});
