import { vi } from 'vitest';

// Before react-dom loads: it looks for the hook once, when it is first imported.
const commits = await vi.hoisted(async () => {
  const { installCommitLog } = await import('./test/commit-log');
  return installCommitLog();
});

import { mountApp } from '@cadence/app-shell/mount-app';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { pageRequests, pageRequestUrl } from '@cadence/contracts/page-requests';
import { inlinedResponses } from '@cadence/http-client/inlined-responses';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoutes } from './router';
import { bootstrapFixture } from './test/bootstrap-fixture';
import { homeChannelFixture } from './test/home-channel-fixture';

afterEach(() => {
  cleanup();
  inlinedResponses.prime(undefined);
  vi.unstubAllGlobals();
});

const rendersOf = (name: string) => commits.filter((commit) => commit.names.has(name)).length;

describe("the player's first page (issue 33: the first second)", () => {
  it('is one commit of the whole first screen, from the inlined answers, then only the rows below it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    window.bootstrapData = bootstrapFixture();
    inlinedResponses.prime({ [pageRequestUrl(pageRequests.channel('discover'))]: homeChannelFixture() });
    // In the browser index.html preloads the first route's chunk; here its module is loaded
    // first, so a busy machine's transform time cannot outlast the spinner delay.
    await import('./routes/home-page');
    const container = document.body.appendChild(document.createElement('div'));
    const queryClient = createQueryClient(() => {});
    await act(() => mountApp({ routes: createRoutes(queryClient), queryClient, basename: '/' }, container));
    expect(await screen.findByTestId('channel-page', {}, { timeout: 8000 })).toBeTruthy();
    // Whatever would come late (a store, a query, a provider's value changing after mount).
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));

    // No HydrateFallback commit first: the page is the first thing React puts on the screen.
    expect(commits[0]?.names.has('HomePage')).toBe(true);
    expect(rendersOf('RouteHydrateFallback')).toBe(0);
    // The layout, the page and a card each rendered in one commit only: no second pass of the tree.
    expect(rendersOf('PlayerLayout')).toBe(1);
    expect(rendersOf('HomePage')).toBe(1);
    // The rows below the first screen get their items in one later commit of their own (and the
    // on-screen rows are not rendered again in it).
    expect(rendersOf('LeafItems')).toBe(2);
    expect(commits[0]?.names.get('LeafItems')).toBe(2);
    const later = commits.slice(1).filter((commit) => commit.names.has('LeafItems'));
    expect(later).toHaveLength(1);
    expect(later[0]?.names.get('LeafItems')).toBe(3);
    expect(later[0]?.names.has('ChannelSections')).toBe(false);
    // A grid's cards are its elements: no component per card.
    expect(rendersOf('ChannelItemCard')).toBe(0);
    expect(commits.filter((commit) => commit.rendered > 50)).toHaveLength(1);
    // A card is one component (its artwork, play button and link are plain elements) and the
    // rows' and cards' links are plain anchors: 307 components before, 98 after (32 cards, 10 rows).
    expect(rendersOf('MediaCard')).toBe(0);
    expect(commits[0]?.names.get('Link') ?? 0).toBeLessThanOrEqual(8);
    expect(commits[0]?.rendered).toBeLessThanOrEqual(110);
    container.remove();
  }, 20_000);
});
