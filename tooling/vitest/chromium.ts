/**
 * Features Playwright (1.65) turns off in every Chromium it starts. Chromium keeps only the last
 * `--disable-features` switch, so ours must repeat them or it would turn them back on;
 * tooling/e2e/src/browser.e2e.test.ts fails when Playwright's own list has one this lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * What a test page does not need. Chromium 156 opens every page (in headless mode too) in a window
 * with its omnibox popups, two WebUI documents in a renderer of their own that cost 1.5 CPU
 * seconds a page on the slow 2-core class: twice what the page itself cost for `<p>hi</p>`.
 * Every page here is one site (127.0.0.1), so site isolation only adds process bookkeeping.
 */
const TEST_DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'OmniboxPopupWebUIContent',
  'OmniboxAimPopupWebUIContent',
  'site-per-process',
  'IsolateOrigins',
];

/**
 * The flags every test's Debian Chromium starts with (the browser tests, the stories). The first
 * group keeps it off the closed network; the rest make each page cheaper on two shared cores,
 * where the test command is CPU-bound (two lanes of Chromium, api servers and PostgreSQL):
 * - one raster thread: a second one only fights the other lane for the same two cores;
 * - no smooth scrolling: a scroll lands at once instead of animating over frames;
 * - the features above off, Playwright's own included.
 * Measured 2026-12-02 on the slow class, machine-wide busy CPU: five new pages of `<p>hi</p>` in
 * five contexts 20.7 -> 10.0 CPU-s, five in one context 14.6 -> 7.5.
 * The benchmarks keep their own flags (tooling/bench/src/benchmarks/browser.ts): their figures of
 * record were measured without these.
 */
export const TEST_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--num-raster-threads=1',
  '--disable-smooth-scrolling',
  '--disable-site-isolation-trials',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...TEST_DISABLED_FEATURES].join(',')}`,
];
