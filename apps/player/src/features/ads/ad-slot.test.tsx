import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { AdSlot } from './ad-slot';

function withAds(ads: Record<string, unknown>) {
  const data = bootstrapFixture();
  setBootstrapData({ ...data, settings: { ...data.settings, ads } as typeof data.settings });
}

describe('AdSlot', () => {
  it('renders the configured slot, sanitised, once the sanitiser chunk loads', async () => {
    withAds({ artist_top: '<p>Buy <b>now</b></p><img src="/x.png" onerror="alert(1)">', disable: false });
    render(<AdSlot slot="artist_top" />);
    const slot = await screen.findByRole('complementary', { name: 'Advertisement' });
    await screen.findByText('now');
    expect(slot.innerHTML).toContain('<b>now</b>');
    expect(slot.innerHTML).not.toContain('onerror');
  });

  it('renders nothing for an empty slot or when ads are disabled', () => {
    withAds({ artist_top: '<p>Ad</p>', album_above: '', disable: true });
    const { container } = render(
      <>
        <AdSlot slot="artist_top" />
        <AdSlot slot="album_above" />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});
