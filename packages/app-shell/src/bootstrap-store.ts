import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import { apiUrl } from '@cadence/http-client/api-base-url';

declare global {
  interface Window {
    bootstrapData?: TBootstrapData;
  }
}

export const BOOTSTRAP_DATA_URL = '/api/v1/bootstrap-data';

type Listener = () => void;

let current: TBootstrapData | null = null;
const listeners = new Set<Listener>();

export function hasBootstrapData(): boolean {
  return current !== null;
}

export function getBootstrapData(): TBootstrapData {
  if (!current) throw new Error('Bootstrap data is not loaded: await loadBootstrapData() before rendering.');
  return current;
}

/** Spec 4: login, logout and social login replace the whole bootstrap data. */
export function setBootstrapData(data: TBootstrapData): void {
  current = data;
  for (const listener of listeners) listener();
}

export function subscribeBootstrapData(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * In single-node mode the api inlines `window.bootstrapData` into index.html; an app deployed
 * on its own (CDN) fetches it instead.
 */
export async function loadBootstrapData(url = apiUrl(BOOTSTRAP_DATA_URL)): Promise<TBootstrapData> {
  const inlined = window.bootstrapData;
  if (inlined) {
    setBootstrapData(inlined);
    return inlined;
  }
  return fetchBootstrapData(url);
}

/** Asks the api for fresh bootstrap data (after a language change, for example). */
export async function fetchBootstrapData(url = apiUrl(BOOTSTRAP_DATA_URL)): Promise<TBootstrapData> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load bootstrap data (HTTP ${response.status})`);
  const body = (await response.json()) as { bootstrapData: TBootstrapData };
  setBootstrapData(body.bootstrapData);
  return body.bootstrapData;
}
