import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { freshContext } from './browser';

/** `markers`: names of the `TRouteLoad.markers` whose pattern occurs in the file. */
export type TJsFile = { path: string; rawBytes: number; gzipBytes: number; markers: string[] };
export type TInitialJs = { files: TJsFile[]; rawBytes: number; gzipBytes: number };

/** A response that carries JavaScript: scripts, modulepreloads and dynamic imports alike. */
export function isJavaScript(url: string, contentType: string | undefined): boolean {
  if (contentType !== undefined && /\b(?:java|ecma)script\b/i.test(contentType)) return true;
  return /\.m?js$/i.test(new URL(url).pathname);
}

/**
 * Each file once, sized by its bytes gzipped at zlib's default level: deterministic, and the
 * same for both apps whatever compression (if any) the server put on the wire.
 */
export function sizeFiles(
  bodies: ReadonlyMap<string, Buffer>,
  markers: Readonly<Record<string, RegExp>> = {},
): TInitialJs {
  const files = [...bodies].map(([path, body]) => ({
    path,
    markers: Object.keys(markers).filter((name) => markers[name]?.test(body.toString('utf8'))),
    rawBytes: body.length,
    gzipBytes: gzipSync(body).length,
  }));
  files.sort((a, b) => b.gzipBytes - a.gzipBytes || a.path.localeCompare(b.path));
  return {
    files,
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}

/** Counts the page's requests in flight from the moment it is attached. */
function trackRequests(page: Page) {
  let inFlight = 0;
  let onChange = () => {};
  const onStart = () => {
    inFlight += 1;
    onChange();
  };
  const onEnd = () => {
    inFlight -= 1;
    onChange();
  };
  page.on('request', onStart);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  return {
    /** Resolves once no request has been in flight for `quietMs` (Playwright's `networkidle` fires once per load only). */
    quiet(quietMs: number, timeoutMs: number): Promise<void> {
      return new Promise((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const deadline = setTimeout(() => {
          clearTimeout(timer);
          reject(new Error(`the network did not go quiet within ${timeoutMs} ms`));
        }, timeoutMs);
        onChange = () => {
          clearTimeout(timer);
          if (inFlight > 0) return;
          timer = setTimeout(() => {
            clearTimeout(deadline);
            onChange = () => {};
            resolve();
          }, quietMs);
        };
        onChange();
      });
    },
  };
}

export type TRouteLoad = {
  baseUrl: string;
  path: string;
  /** Code that must not be in the route, by name: each file lists the ones it contains. */
  markers?: Record<string, RegExp>;
  /** Resolves when the route's content is visible. */
  isReady: (page: Page) => Promise<void>;
  quietMs?: number;
  timeoutMs?: number;
};

/**
 * The initial route's JavaScript as a real browser fetches it: a fresh context (no cache) opens
 * the route, waits until its content is visible and the network has gone quiet, and every JS
 * response up to then counts, whether index.html, a modulepreload or a lazy route chunk asked for it.
 */
export async function measureInitialJs(browser: Browser, load: TRouteLoad): Promise<TInitialJs> {
  const timeoutMs = load.timeoutMs ?? 60_000;
  const context = await freshContext(browser, load.baseUrl);
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Buffer>();
    const reads: Promise<void>[] = [];
    const onResponse = (response: Response) => {
      if (!response.ok() || !isJavaScript(response.url(), response.headers()['content-type'])) return;
      const url = new URL(response.url());
      const key = url.origin === new URL(load.baseUrl).origin ? `${url.pathname}${url.search}` : url.href;
      reads.push(
        response.body().then((body) => {
          bodies.set(key, body);
        }),
      );
    };
    page.on('response', onResponse);
    const requests = trackRequests(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text().slice(0, 500));
    });
    await page.goto(`${load.baseUrl}${load.path}`, { timeout: timeoutMs });
    await load.isReady(page).catch((error: Error) => {
      // A route that never shows is usually a broken build: say why, not only that it timed out.
      throw new Error(
        `${load.path} did not show: ${error.message}; page errors: ${pageErrors.join(' | ') || 'none'}`,
      );
    });
    // Whatever the visible content still fetches on its way in counts too.
    await requests.quiet(load.quietMs ?? 1_000, timeoutMs);
    page.off('response', onResponse);
    await Promise.all(reads);
    return sizeFiles(bodies, load.markers);
  } finally {
    await context.close();
  }
}
