import './preview.css';
import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { ModalHost } from '@cadence/app-shell/modal-host';
import { closeAllDialogs } from '@cadence/app-shell/modal-store';
import { makeAppBootstrap, makeUser } from '@cadence/app-shell/test/fixtures';
import { reportMockApiFailure, takeMockApiFailures } from '@cadence/app-shell/test/story-helpers';
import { ZBootstrapDataSchema } from '@cadence/contracts/bootstrap';
import { DecoratorHelpers } from '@storybook/addon-themes';
import type { Decorator, Preview } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useEffect, useState } from 'react';
import { configure } from 'storybook/test';
import { storyThemes, type TStoryTheme } from './themes';

// A play function waits for what it checks (a row, a dialog, a toast), never for a clock: every
// `findBy*` and `waitFor` ends on the event, and only a wait that never ends fails, before the
// story's own 30 s limit (vitest.config.ts). Testing Library's default of 1 s is a clock that a
// lazy chunk or an msw answer overruns when the suite shares two cores with the api's tests.
configure({ asyncUtilTimeout: 20_000 });

// What the api inlines into index.html, parsed with its contract so a fixture that drifts from
// the schema fails every story instead of showing a state the product cannot reach. The
// catalogue has no server: the realtime socket stays closed.
const bootstrap = ZBootstrapDataSchema.parse({ ...makeAppBootstrap(), user: makeUser() });
setBootstrapData({ ...bootstrap, settings: { ...bootstrap.settings, realtime: { enable: false } } });

/**
 * Where the stories' api answers come from: `parameters.msw` handlers (msw-storybook-addon),
 * served by a service worker (`public/mockServiceWorker.js`) in the catalogue and in the story
 * tests alike (both run in a browser). A handler that throws (a fixture that no longer parses with
 * its contract) is recorded, and `afterEach` below fails the story with it.
 */
export const mswSetup: { start: Parameters<typeof mswLoader>[0] } = {
  start: async () => {
    const { setupWorker } = await import('msw/browser');
    const worker = setupWorker();
    worker.events.on('request:start', ({ requestId }) => inFlight.set(requestId, performance.now()));
    worker.events.on('request:end', ({ requestId }) => inFlight.delete(requestId));
    worker.events.on('unhandledException', ({ error, requestId }) => {
      inFlight.delete(requestId);
      reportMockApiFailure(error);
    });
    await worker.start({
      quiet: true,
      // Relative, so that the static catalogue works under any base path (Pages); the story
      // tests' pages live below the server's root, where the worker is served from.
      serviceWorker: { url: import.meta.env.VITEST ? '/mockServiceWorker.js' : './mockServiceWorker.js' },
      onUnhandledRequest: 'bypass',
    });
    return worker;
  },
};

/** The api requests a story has started and msw has not answered yet, by id: when each started. */
const inFlight = new Map<string, number>();
/** A request pending this long is a loading state's on purpose (`delay('infinite')`), not data on its way. */
const LOADING_ON_PURPOSE_MS = 200;
const SETTLE_POLL_MS = 10;
const SETTLE_LIMIT_MS = 3_000;

/**
 * Waits until the story's data has been answered: no request in flight but those held on purpose,
 * two polls in a row (a fetch started by an effect reaches msw a moment after the render). A story
 * without a `play` would otherwise end before a handler whose fixture no longer parses throws.
 */
async function mockApiSettled() {
  const started = performance.now();
  let quietPolls = 0;
  while (quietPolls < 2 && performance.now() - started < SETTLE_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    const now = performance.now();
    const isWaiting = [...inFlight.values()].some((since) => now - since < LOADING_ON_PURPOSE_MS);
    quietPolls = isWaiting ? 0 : quietPolls + 1;
  }
}

/**
 * After each story (and its play function) and its data: the first api failure it met, or a
 * crash the router's error boundary swallowed, fails it, even when nothing on screen shows it.
 */
async function failOnMockApiFailures() {
  await mockApiSettled();
  const [failure] = takeMockApiFailures();
  if (failure) throw failure;
}

// The toolbar's themes (@storybook/addon-themes) are the seeded default themes. They are applied
// the way the app shell does it: variables on the root element, so portalled overlays (dialogs,
// menus, tooltips) pick them up too. A story can pin one: `parameters.themes.themeOverride`.
DecoratorHelpers.initializeThemeState(Object.keys(storyThemes), 'dark');

export function storyThemeOf(context: Parameters<Decorator>[1]): TStoryTheme {
  const override = (context.parameters.themes as { themeOverride?: string } | undefined)?.themeOverride;
  const chosen = override || DecoratorHelpers.pluckThemeFromContext(context);
  return chosen in storyThemes ? (chosen as TStoryTheme) : 'dark';
}

const withTheme: Decorator = (Story, context) => {
  const theme = storyThemeOf(context);
  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(storyThemes[theme])) root.style.setProperty(name, value);
    root.style.colorScheme = theme;
  }, [theme]);
  return (
    <div className="bg-bg p-6 text-fg">
      <Story />
    </div>
  );
};

/**
 * The viewports a designer checks (toolbar): a phone and a desktop, at the widths the apps'
 * breakpoints switch at (the player's mobile layout is below `md`, 768px).
 */
export const storyViewports = {
  mobile: { name: 'Mobile (390 x 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  tablet: { name: 'Tablet (820 x 1180)', styles: { width: '820px', height: '1180px' }, type: 'tablet' },
  desktop: { name: 'Desktop (1440 x 900)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
} as const;

/**
 * What every app wraps its pages in: a query client (no retries, so an error story shows its
 * error at once; nothing fetches unless a story stubs it) and the host of imperative dialogs.
 */
const withApp: Decorator = (Story) => {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
  );
  useEffect(() => () => closeAllDialogs(), []);
  return (
    <QueryClientProvider client={client}>
      <Story />
      <ModalHost />
    </QueryClientProvider>
  );
};

const preview: Preview = {
  // A docs page per component: its props table (from the component's TypeScript props), the
  // usage notes of its meta (`parameters.docs.description.component`) and every story.
  tags: ['autodocs'],
  decorators: [withApp, withTheme],
  loaders: [mswLoader(() => (mswSetup.start ? mswSetup.start() : Promise.reject(new Error('no msw'))))],
  // Clears what an earlier story left, then fails this one on its own api failures.
  beforeEach: () => {
    takeMockApiFailures();
    inFlight.clear();
    // react-aria's live announcer outlives a story (one node on the body for the whole page);
    // the announcements of a story that is gone (labelled by elements that left with it) are
    // emptied, so axe sees only this story's document.
    for (const log of document.querySelectorAll('[data-live-announcer] [role="log"]')) log.replaceChildren();
  },
  afterEach: failOnMockApiFailures,
  initialGlobals: { theme: 'dark' },
  parameters: {
    layout: 'fullscreen',
    viewport: { options: storyViewports },
    // Any axe violation (WCAG 2.x A/AA, colour contrast included) fails the story, in the story
    // tests and in the catalogue's test panel. The whole document is checked: overlays too.
    a11y: {
      test: 'error',
      options: {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      },
    },
  },
};

export default preview;
