import { createHttpClient } from '@cadence/http-client/http-client';
import { createUploadContext, type TKeyValueStorage, type TUploadContext } from '../upload-context';
import type { TFileEntry, TStrategyCallbacks, TUploadProgress, TUploadSettings } from '../upload-types';

export function fakeEntry(patch: Partial<TFileEntry> = {}): TFileEntry {
  return {
    id: 1,
    name: 'a.mp3',
    file_name: 'stored-a',
    file_size: 10,
    mime: 'audio/mpeg',
    extension: 'mp3',
    client_name: 'a.mp3',
    client_mime: 'audio/mpeg',
    client_extension: 'mp3',
    path: '',
    disk: 'uploads',
    driver: 'local',
    parent_id: null,
    owner_id: 1,
    url: 'api/v1/file-entries/1',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted_at: null,
    ...patch,
  };
}

export const LOCAL_SETTINGS: TUploadSettings = {
  chunk_size: 5 * 1024 * 1024,
  uploads_driver: 'local',
  public_driver: 'local',
  s3_direct_upload: false,
  disable_tus: false,
};

export function memoryStorage(): TKeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

export function testContext(
  baseUrl: string,
  storage = memoryStorage(),
  settings = LOCAL_SETTINGS,
): TUploadContext {
  const getCookie = (name: string) => (name === 'XSRF-TOKEN' ? 'xsrf-test' : null);
  return createUploadContext(settings, {
    baseUrl,
    storage,
    getCookie,
    client: createHttpClient({ baseUrl, getCookie, getWorkspaceId: () => null }),
  });
}

/** Deterministic bytes so a reassembled upload can be compared byte for byte. */
export function patternBytes(size: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 31 + seed) & 0xff;
  return bytes;
}

export function recordingCallbacks() {
  const progress: TUploadProgress[] = [];
  let resolveDone: (value: { entry?: TFileEntry; error?: string | null }) => void = () => {};
  const done = new Promise<{ entry?: TFileEntry; error?: string | null }>((resolve) => {
    resolveDone = resolve;
  });
  const callbacks: TStrategyCallbacks = {
    onProgress: (value) => progress.push(value),
    onSuccess: (entry) => resolveDone({ entry }),
    onError: (error) => resolveDone({ error }),
  };
  return { callbacks, progress, done };
}
