/** Beyond this, the worker is registered even if the page never goes idle (a busy phone). */
const IDLE_TIMEOUT_MS = 10_000;

export interface ServiceWorkerStart {
  /** Registers the worker; its install pre-caches the app shell (~175 files). */
  register: () => void;
  /** Calls back once the page is loaded. */
  whenLoaded: (callback: () => void) => void;
  /** Calls back once the main thread is idle. */
  whenIdle: (callback: () => void) => void;
}

/**
 * The worker's install pre-caches ~1.5 MB: started at `load` it competed with the listener's first
 * click on play (and Lighthouse's measured window). It starts once the loaded page is idle instead;
 * offline listening only needs it before the network goes, and `navigator.serviceWorker.ready`
 * still resolves once it has.
 */
export function registerServiceWorkerWhenIdle({ register, whenLoaded, whenIdle }: ServiceWorkerStart): void {
  whenLoaded(() => whenIdle(register));
}

/** The browser's own load and idle signals for registerServiceWorkerWhenIdle. */
export function browserServiceWorkerStart(url: string): ServiceWorkerStart {
  return {
    register: () => {
      void navigator.serviceWorker.register(url, { scope: '/' }).catch(() => undefined);
    },
    whenLoaded: (callback) => {
      const afterLoad = () => whenFirstPageShown(callback);
      if (document.readyState === 'complete') afterLoad();
      else window.addEventListener('load', afterLoad, { once: true });
    },
    whenIdle: (callback) => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(callback, 0);
    },
  };
}

/**
 * index.html starts the app once its first screen is painted, so `load` can come before the app
 * has drawn its page: the page's own images (and the listener's first click) were no longer ahead
 * of the worker's pre-cache. Waits for the page in #root and its eager images, up to the timeout.
 */
export function whenFirstPageShown(callback: () => void, root = document.getElementById('root')): void {
  const startedAt = Date.now();
  const isShown = () =>
    !!root &&
    root.childElementCount > 0 &&
    [...root.querySelectorAll('img')].every((image) => image.complete || image.loading === 'lazy');
  const check = () => {
    if (isShown() || Date.now() - startedAt >= IDLE_TIMEOUT_MS) callback();
    else setTimeout(check, 200);
  };
  check();
}
