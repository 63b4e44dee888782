import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { homeChannelFixture } from '../../test/home-channel-fixture';
import { renderWithPlayer } from '../test-utils';
import { ChannelContent } from './channel-content';
import { contentWidth, estimatedRowHeight } from './row-size';

afterEach(cleanup);

describe('the rows of a channel of channels (home)', () => {
  it('lays out the rows on the first screen at once and leaves the others to content-visibility, their space kept', async () => {
    renderWithPlayer(<ChannelContent channel={homeChannelFixture().channel} />);
    const sections = await screen.findAllByTestId('channel-section');
    expect(sections).toHaveLength(5);
    // jsdom's 1024 x 768 window: 736 px of content, four columns of 178 px, so two lines for
    // eight. The first grid (524 px) and the gap leave the track table starting at 564 px: on the
    // first screen, so laid out with the page; the rows after it start below 768 px.
    const onScreen = sections.slice(0, 2);
    const below = sections.slice(2);
    for (const section of onScreen) expect(section.style.contentVisibility).toBe('');
    for (const section of below) expect(section.style.contentVisibility).toBe('auto');
    expect(below.map((section) => section.style.containIntrinsicSize)).toEqual([
      `auto ${40 + 2 * (178 + 60) + 8}px`,
      `auto ${40 + 176 + 60 + 8}px`,
      `auto ${40 + 2 * (178 + 60) + 8}px`,
    ]);
    // Their items come after the first commit, and come.
    for (const section of below) {
      await waitFor(() => expect(section.querySelectorAll('a[href]').length).toBeGreaterThan(1));
    }
  });

  it('reserves a track table exactly, a carousel one line of cards, a grid the lines its width holds', () => {
    expect(estimatedRowHeight('track_table', 5, false, 900)).toBe(33 + 5 * 56);
    expect(estimatedRowHeight('carousel', 20, true, 900)).toBe(40 + 176 + 60 + 8);
    // Measured in Chromium on the demo home: 485 px at 1280 px wide, 1016 px at 412 px (phone).
    expect(estimatedRowHeight('grid', 8, true, contentWidth(1280))).toBe(485);
    expect(estimatedRowHeight('grid', 8, true, contentWidth(412))).toBe(1016);
  });
});
