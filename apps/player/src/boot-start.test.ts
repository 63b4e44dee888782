import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// index.html's script that starts the app's entry once the first screen is painted.
const html = readFileSync(path.join(__dirname, '..', 'index.html'), 'utf8');
const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((match) => match[1] ?? '')
  .find((code) => code.includes('link[data-app-entry]'));

type TPaintCallback = (
  list: { getEntries: () => { element: Element }[] },
  observer: { disconnect: () => void },
) => void;

let reportPaint: TPaintCallback | null = null;
let downloaded: string[] = [];

function load({ hasEntry = true, hasImage = false } = {}) {
  document.head.innerHTML = hasEntry
    ? '<link rel="modulepreload" crossorigin href="/assets/index-AbC1.js" data-app-entry>'
    : '';
  document.body.innerHTML = `<div id="root"></div><div id="boot-layout">${
    hasImage ? '<div id="boot-first"><img alt=""></div>' : ''
  }</div>`;
  new Function(script ?? 'throw new Error("no start script in index.html")')();
}

const started = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((element) => element.src);

describe('the start script of index.html', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    reportPaint = null;
    downloaded = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
    // Resource timing: the entry's download is over once it has an entry.
    Object.defineProperty(performance, 'getEntriesByName', {
      configurable: true,
      value: (name: string) => (downloaded.includes(name) ? [{ name }] : []),
    });
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(callback: TPaintCallback) {
        reportPaint = callback;
      }
      observe() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(performance, 'getEntriesByName');
  });

  it('starts nothing without the build’s entry link (Vite’s dev server loads the app itself)', () => {
    load({ hasEntry: false });
    vi.runAllTimers();
    expect(started()).toEqual([]);
  });

  it('starts the entry after the first frame when the outline has no image', () => {
    load();
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(started()).toEqual([`${location.origin}/assets/index-AbC1.js`]);
    expect(document.querySelector('script[type="module"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('waits for the browser to report the outline’s image painted, then starts the entry once', () => {
    load({ hasImage: true });
    vi.advanceTimersByTime(5_000);
    expect(started()).toEqual([]);
    const disconnect = vi.fn();
    reportPaint?.({ getEntries: () => [{ element: document.createElement('svg') }] }, { disconnect });
    expect(started()).toEqual([]);
    const image = document.querySelector('#boot-first img') as Element;
    reportPaint?.({ getEntries: () => [{ element: image }] }, { disconnect });
    reportPaint?.({ getEntries: () => [{ element: image }] }, { disconnect });
    expect(started()).toHaveLength(1);
    expect(disconnect).toHaveBeenCalled();
  });

  it('starts at the latest 300 ms after the entry has downloaded, painted or not', () => {
    load({ hasImage: true });
    document.querySelector('link[data-app-entry]')?.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(299);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started()).toHaveLength(1);
    // Downloaded before the script ran: the same 300 ms from then.
    downloaded = [`${location.origin}/assets/index-AbC1.js`];
    load({ hasImage: true });
    vi.advanceTimersByTime(300);
    expect(started()).toHaveLength(1);
  });
});
