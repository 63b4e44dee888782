import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import { apiUrl } from '@cadence/http-client/api-base-url';
import { apiClient } from '@cadence/http-client/http-client';

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

/**
 * Asks the api for fresh bootstrap data (after a language change, for example), through the http
 * client like every call: with the apps on their own origins the workspace cookie does not reach
 * the api, so the current workspace must travel as `workspaceId` (spec 7).
 */
export async function fetchBootstrapData(url = apiUrl(BOOTSTRAP_DATA_URL)): Promise<TBootstrapData> {
  const body = await apiClient.get<{ bootstrapData: TBootstrapData }>(url);
  setBootstrapData(body.bootstrapData);
  return body.bootstrapData;
}
