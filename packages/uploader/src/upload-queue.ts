import { keepActive, nextStatus, percentageOf, pickToStart, type TUploadEvent } from './queue-rules';
import {
  INACTIVITY_TIMEOUT_MS,
  isIgnoredFile,
  replaceValues,
  type TTranslate,
  UPLOAD_TIMED_OUT_MESSAGE,
  validateFile,
} from './restrictions';
import { createStrategyFactory, type TStrategyFactory } from './start-upload';
import { chooseStrategy } from './strategy';
import type { TUploadContext } from './upload-context';
import type { TFileEntry, TUploadItem, TUploadOptions, TUploadStrategyKind } from './upload-types';
import { createUploadedFile, type UploadedFile } from './uploaded-file';

export interface TUploadQueueConfig {
  context: TUploadContext;
  /** Tests and stories swap the transports; the default sends real requests. */
  createStrategy?: TStrategyFactory;
  inactivityTimeoutMs?: number;
  /** Shows a server message (spec 8: in a toast) for uploads with `showToastOnError`. */
  onServerError?: (message: string, item: TUploadItem) => void;
  /** Defaults for every upload added to this queue. */
  defaults?: TUploadOptions;
  translate?: TTranslate;
}

export interface TRejectedFile {
  file: UploadedFile;
  message: string;
}

export interface TAddResult {
  added: UploadedFile[];
  rejected: TRejectedFile[];
}

export interface TUploadQueue {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly TUploadItem[];
  /** Spec 5: `.DS_Store` is dropped silently; restriction failures come back as rejected. */
  add(files: Iterable<File | UploadedFile>, options?: TUploadOptions): TAddResult;
  abort(fileId: string): void;
  retry(fileId: string): void;
  clearInactive(): void;
  /** Aborts everything still running (unmounting the owner). */
  destroy(): void;
}

const isUploadedFile = (value: File | UploadedFile): value is UploadedFile => 'fingerprint' in value;

export function createUploadQueue(config: TUploadQueueConfig): TUploadQueue {
  const createStrategy = config.createStrategy ?? createStrategyFactory(config.context);
  const timeoutMs = config.inactivityTimeoutMs ?? INACTIVITY_TIMEOUT_MS;
  const translate = config.translate ?? replaceValues;
  const listeners = new Set<() => void>();
  const kinds = new Map<string, TUploadStrategyKind>();
  const attempts = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let items: readonly TUploadItem[] = [];

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const find = (id: string) => items.find((item) => item.file.id === id);
  const update = (id: string, patch: Partial<TUploadItem>) => {
    items = items.map((item) => (item.file.id === id ? { ...item, ...patch } : item));
    emit();
  };
  const transition = (id: string, event: TUploadEvent, patch: Partial<TUploadItem> = {}): boolean => {
    const item = find(id);
    const status = item && nextStatus(item.status, event);
    if (!status) return false;
    update(id, { ...patch, status });
    return true;
  };

  const clearTimer = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  const armTimer = (id: string, attempt: number) => {
    clearTimer(id);
    timers.set(
      id,
      setTimeout(() => {
        if (attempts.get(id) !== attempt) return;
        const request = find(id)?.request;
        attempts.set(id, attempt + 1);
        if (transition(id, 'timeout', { errorMessage: translate(UPLOAD_TIMED_OUT_MESSAGE) })) {
          void request?.abort();
          runQueue();
        }
      }, timeoutMs),
    );
  };

  const start = (item: TUploadItem) => {
    const id = item.file.id;
    const attempt = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, attempt);
    const isCurrent = () => attempts.get(id) === attempt;
    const request = createStrategy(kinds.get(id) ?? 'form', item.file, item.options, {
      onProgress: ({ bytesUploaded }) => {
        if (!isCurrent() || find(id)?.status !== 'inProgress') return;
        armTimer(id, attempt);
        update(id, { bytesUploaded, percentage: percentageOf(bytesUploaded, item.file.size) });
      },
      onSuccess: (entry: TFileEntry) => {
        if (!isCurrent()) return;
        clearTimer(id);
        const size = item.file.size;
        if (transition(id, 'complete', { entry, percentage: 100, bytesUploaded: size })) {
          item.options.onSuccess?.(entry, item.file);
        }
        runQueue();
      },
      onError: (message) => {
        if (!isCurrent()) return;
        clearTimer(id);
        if (transition(id, 'error', { errorMessage: message })) {
          const failed = find(id) as TUploadItem;
          if (message && item.options.showToastOnError) config.onServerError?.(message, failed);
          item.options.onError?.(message, item.file);
        }
        runQueue();
      },
    });
    transition(id, 'start', { request, errorMessage: null });
    armTimer(id, attempt);
    Promise.resolve()
      .then(() => request.start())
      .catch(() => {
        // A strategy reports its own failures; this catches programming errors only.
        if (isCurrent() && transition(id, 'error', { errorMessage: null })) runQueue();
      });
  };

  const runQueue = () => {
    const chunkSize = config.context.settings.chunk_size;
    const ruleItems = items.map((item) => ({
      status: item.status,
      size: item.file.size,
      relativePath: item.file.relativePath,
      kind: kinds.get(item.file.id) ?? null,
    }));
    const toStart = pickToStart(ruleItems, chunkSize).map((index) => items[index] as TUploadItem);
    for (const item of toStart) start(item);
  };

  const stop = (id: string) => {
    clearTimer(id);
    attempts.set(id, (attempts.get(id) ?? 0) + 1);
    void find(id)?.request?.abort();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
    add(files, options = {}) {
      const merged: TUploadOptions = { showToastOnError: true, ...config.defaults, ...options };
      const added: UploadedFile[] = [];
      const rejected: TRejectedFile[] = [];
      for (const input of files) {
        const file = isUploadedFile(input) ? input : createUploadedFile(input);
        if (isIgnoredFile(file.name)) continue;
        const message = validateFile(file, merged.restrictions, translate);
        if (message) {
          rejected.push({ file, message });
          continue;
        }
        kinds.set(file.id, chooseStrategy(file.size, config.context.settings, merged.disk));
        added.push(file);
      }
      if (added.length) {
        const fresh = added.map<TUploadItem>((file) => ({
          file,
          percentage: 0,
          bytesUploaded: 0,
          status: 'pending',
          options: merged,
          entry: null,
          request: null,
          errorMessage: null,
        }));
        items = [...items, ...fresh];
        emit();
        runQueue();
      }
      return { added, rejected };
    },
    abort(fileId) {
      const item = find(fileId);
      if (!item || !nextStatus(item.status, 'abort')) return;
      stop(fileId);
      transition(fileId, 'abort', { percentage: 0, bytesUploaded: 0 });
      runQueue();
    },
    retry(fileId) {
      if (
        !transition(fileId, 'retry', {
          percentage: 0,
          bytesUploaded: 0,
          errorMessage: null,
          entry: null,
          request: null,
        })
      )
        return;
      runQueue();
    },
    clearInactive() {
      const kept = keepActive(items);
      if (kept.length === items.length) return;
      for (const item of items) {
        if (kept.includes(item)) continue;
        kinds.delete(item.file.id);
        attempts.delete(item.file.id);
      }
      items = kept;
      emit();
    },
    destroy() {
      for (const item of items)
        if (item.status === 'inProgress' || item.status === 'pending') stop(item.file.id);
      listeners.clear();
    },
  };
}
