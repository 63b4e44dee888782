import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture, userFixture } from '../../test/bootstrap-fixture';
import { renderWithPlayer, testTrack } from '../test-utils';
import { canDownloadTrack, trackDownloadUrl } from './track-download';
import { TrackTable } from './track-table';

afterEach(cleanup);

const allowed = { isEnabled: true, mayDownload: true };

describe('canDownloadTrack', () => {
  it('needs the setting, the permission and audio', () => {
    expect(canDownloadTrack({ stream_url: '/api/v1/tracks/1/stream' }, allowed)).toBe(true);
    expect(
      canDownloadTrack({ stream_url: '/api/v1/tracks/1/stream' }, { ...allowed, isEnabled: false }),
    ).toBe(false);
    expect(
      canDownloadTrack({ stream_url: '/api/v1/tracks/1/stream' }, { ...allowed, mayDownload: false }),
    ).toBe(false);
    expect(canDownloadTrack({ stream_url: null }, allowed)).toBe(false);
  });
});

/** Opens the row's context menu with the given site setting and the listener's permissions. */
async function openMenu(enableDownload: boolean, permissions: string[]) {
  renderWithPlayer(<TrackTable tracks={[testTrack(1)]} aria-label="Songs" />);
  const base = bootstrapFixture();
  setBootstrapData({
    ...base,
    user: userFixture({ permissions: permissions.map((name) => ({ name, restrictions: [] })) }),
    settings: {
      ...base.settings,
      player: { ...(base.settings as { player?: object }).player, enable_download: enableDownload },
    },
  });
  fireEvent.contextMenu(screen.getAllByTestId('track-row')[0] as HTMLElement);
  return screen.findByRole('menu', { name: 'Track options' }, { timeout: 20_000 });
}

describe("the track menu's Download item", () => {
  it('starts the download of the track file when downloads are on and the role allows them', async () => {
    const menu = await openMenu(true, ['music.download']);
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Download' }));
    expect(clicked).toEqual([new URL(trackDownloadUrl(1), window.location.href).href]);
    click.mockRestore();
  }, 30_000);

  it('is not offered when the admin turned downloads off, or to a role without music.download', async () => {
    const off = await openMenu(false, ['music.download']);
    expect(within(off).queryByRole('menuitem', { name: 'Download' })).toBeNull();
    cleanup();
    const noPermission = await openMenu(true, []);
    expect(within(noPermission).queryByRole('menuitem', { name: 'Download' })).toBeNull();
  }, 30_000);
});
