import type { TCookieReader } from '@cadence/http-client/cookies';
import { readDocumentCookie } from '@cadence/http-client/cookies';
import type { THttpClient } from '@cadence/http-client/http-client';
import { apiClient } from '@cadence/http-client/http-client';
import type { TUploadSettings } from './upload-types';

export interface TKeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What every strategy needs from the outside world; tests pass their own. */
export interface TUploadContext {
  client: THttpClient;
  /** Origin the api lives at; '' for same origin. */
  baseUrl: string;
  settings: TUploadSettings;
  getCookie: TCookieReader;
  storage: TKeyValueStorage;
}

const memoryStorage = (): TKeyValueStorage => {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => values.set(key, value),
    removeItem: (key) => values.delete(key),
  };
};

export function createUploadContext(
  settings: TUploadSettings,
  overrides: Partial<Omit<TUploadContext, 'settings'>> = {},
): TUploadContext {
  return {
    client: overrides.client ?? apiClient,
    baseUrl: overrides.baseUrl ?? '',
    settings,
    getCookie: overrides.getCookie ?? readDocumentCookie,
    storage: overrides.storage ?? (typeof localStorage === 'undefined' ? memoryStorage() : localStorage),
  };
}

export function xsrfHeaders(context: TUploadContext): Record<string, string> {
  const token = context.getCookie('XSRF-TOKEN');
  return token ? { 'X-XSRF-TOKEN': token } : {};
}
