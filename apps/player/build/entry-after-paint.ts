import type { Plugin } from 'vite';

/** The entry script Vite writes into index.html's head (one, `crossorigin`, hashed). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
/** What index.html's start script looks for: a page without that script keeps its module script. */
const START_SCRIPT_MARK = 'link[data-app-entry]';

/**
 * index.html's module script as a modulepreload marked `data-app-entry`: the browser still fetches
 * it with the page, at the same place in the head, but runs nothing until index.html's start
 * script adds the module script once the first screen is painted (its comment says when). Only a
 * page holding that start script is changed (the bench builds other apps with this config).
 * `fetchpriority="low"`: nothing of the first paint waits for the app's code, so the stylesheet,
 * the font and the page's image take the connections first (a High script competes with them on
 * HTTP/1.1's six and, in Lighthouse's simulation, counts as render-blocking whenever its download
 * happens to end before the first paint: FCP 1.5 s or 2.6 s from one run to the next).
 */
export function deferEntry(html: string): string {
  if (!html.includes(START_SCRIPT_MARK)) return html;
  const scripts = [...html.matchAll(ENTRY_SCRIPT)];
  const [script] = scripts;
  if (scripts.length !== 1 || !script) {
    throw new Error(`entry-after-paint: expected one entry script in index.html, found ${scripts.length}`);
  }
  return html.replace(
    script[0],
    `<link rel="modulepreload" crossorigin fetchpriority="low" href="${script[1]}" data-app-entry>`,
  );
}

/** Issue 33: the entry's evaluation after the first paint (index.html's start script). */
export function entryAfterPaint(): Plugin {
  return {
    name: 'cadence:entry-after-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: deferEntry },
  };
}
