/**
 * The flags every test's Debian Chromium starts with (the browser tests, the stories). The first
 * group keeps it off the closed network; the second makes each page cheaper on two shared cores.
 *
 * Why the second group: a new page's renderer cost 2-3 CPU seconds on the slow machine class
 * even for `<p>hi</p>`, and the test command is CPU-bound (two lanes of Chromium, api servers and
 * PostgreSQL on two cores). Measured 2026-12-02 on `player.e2e` with `player-axe.e2e` (two
 * workers, machine-wide busy CPU): 343 and 355 CPU-s without them, 303 and 330 with them (-9 %).
 * - one raster thread: a second one only fights the other lane for the same two cores;
 * - no smooth scrolling: a scroll lands at once instead of animating over frames;
 * - no paint holding: a same-origin navigation paints its first frame without waiting;
 * - no site isolation: every page here is one site (127.0.0.1), so it only adds process bookkeeping.
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
  '--disable-features=site-per-process,IsolateOrigins,PaintHolding',
  '--disable-site-isolation-trials',
];
