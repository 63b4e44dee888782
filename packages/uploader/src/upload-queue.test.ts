// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TStrategyFactory } from './start-upload';
import { fakeEntry, LOCAL_SETTINGS, testContext } from './test/upload-test-helpers';
import { createUploadQueue } from './upload-queue';
import type { TStrategyCallbacks, TUploadSettings, TUploadStrategyKind } from './upload-types';

interface TFakeRun {
  kind: TUploadStrategyKind;
  name: string;
  callbacks: TStrategyCallbacks;
  isAborted: boolean;
}

function fakeTransport() {
  const runs: TFakeRun[] = [];
  const factory: TStrategyFactory = (kind, file, _options, callbacks) => {
    const run: TFakeRun = { kind, name: file.name, callbacks, isAborted: false };
    runs.push(run);
    return {
      kind,
      start: () => undefined,
      abort: () => {
        run.isAborted = true;
      },
    };
  };
  return { runs, factory };
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'audio/mpeg' });

function setup(settings: TUploadSettings = LOCAL_SETTINGS, onServerError = vi.fn()) {
  const transport = fakeTransport();
  const queue = createUploadQueue({
    context: testContext('', undefined, settings),
    createStrategy: transport.factory,
    onServerError,
  });
  const statuses = () => queue.getSnapshot().map((item) => item.status);
  return { queue, runs: transport.runs, statuses, onServerError };
}

afterEach(() => vi.useRealTimers());

describe('upload queue', () => {
  it('runs three at a time and starts the next when one completes', () => {
    const { queue, runs, statuses } = setup();
    queue.add([file('a.mp3'), file('b.mp3'), file('c.mp3'), file('d.mp3')]);
    expect(statuses()).toEqual(['inProgress', 'inProgress', 'inProgress', 'pending']);
    runs[0]?.callbacks.onSuccess(fakeEntry());
    expect(statuses()).toEqual(['completed', 'inProgress', 'inProgress', 'inProgress']);
    expect(queue.getSnapshot()[0]).toMatchObject({ percentage: 100, bytesUploaded: 10, entry: { id: 1 } });
  });

  it('goes one at a time while a resumable upload larger than the chunk size runs', () => {
    const { queue, runs, statuses } = setup();
    queue.add([file('big.wav', LOCAL_SETTINGS.chunk_size + 1), file('b.mp3')]);
    expect(runs[0]?.kind).toBe('tus');
    expect(statuses()).toEqual(['inProgress', 'pending']);
  });

  it('tracks progress, and fails with the server message shown in a toast', () => {
    const { queue, runs, onServerError } = setup();
    queue.add([file('a.mp3', 200)]);
    runs[0]?.callbacks.onProgress({ bytesUploaded: 50, bytesTotal: 200 });
    expect(queue.getSnapshot()[0]).toMatchObject({ percentage: 25, bytesUploaded: 50 });
    runs[0]?.callbacks.onError('Disk full');
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'failed', errorMessage: 'Disk full' });
    expect(onServerError).toHaveBeenCalledWith('Disk full', expect.objectContaining({ status: 'failed' }));
  });

  it('does not toast when disabled or when there is no message', () => {
    const { queue, runs, onServerError } = setup();
    queue.add([file('a.mp3')], { showToastOnError: false });
    queue.add([file('b.mp3')]);
    runs[0]?.callbacks.onError('Nope');
    runs[1]?.callbacks.onError(null);
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('aborts with 0 percent, ignores the aborted run afterwards and can retry', () => {
    const { queue, runs } = setup();
    const { added } = queue.add([file('a.mp3', 100)]);
    const id = added[0]?.id as string;
    runs[0]?.callbacks.onProgress({ bytesUploaded: 60, bytesTotal: 100 });
    queue.abort(id);
    expect(runs[0]?.isAborted).toBe(true);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'aborted', percentage: 0, bytesUploaded: 0 });
    runs[0]?.callbacks.onSuccess(fakeEntry());
    expect(queue.getSnapshot()[0]?.status).toBe('aborted');
    queue.retry(id);
    expect(runs).toHaveLength(2);
    expect(queue.getSnapshot()[0]?.status).toBe('inProgress');
  });

  it('fails an upload without progress for 30 s with "Upload timed out"', () => {
    vi.useFakeTimers();
    const { queue, runs } = setup();
    queue.add([file('a.mp3', 100)]);
    vi.advanceTimersByTime(29_000);
    runs[0]?.callbacks.onProgress({ bytesUploaded: 1, bytesTotal: 100 });
    vi.advanceTimersByTime(29_000);
    expect(queue.getSnapshot()[0]?.status).toBe('inProgress');
    vi.advanceTimersByTime(1_000);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'failed', errorMessage: 'Upload timed out' });
    expect(runs[0]?.isAborted).toBe(true);
  });

  it('rejects restricted files, drops .DS_Store and clears inactive uploads', () => {
    const { queue, runs } = setup();
    const result = queue.add([file('.DS_Store'), file('a.mp3', 5), file('b.mp3', 50)], {
      restrictions: { maxFileSize: 10 },
    });
    expect(result.added.map((added) => added.name)).toEqual(['a.mp3']);
    expect(result.rejected.map((rejected) => rejected.message)).toEqual([
      '`b.mp3` exceeds maximum allowed size of 10 B',
    ]);
    queue.add([file('c.mp3')]);
    runs[0]?.callbacks.onError(null);
    queue.clearInactive();
    expect(queue.getSnapshot().map((item) => item.file.name)).toEqual(['c.mp3']);
  });

  it('notifies subscribers', () => {
    const { queue } = setup();
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    queue.add([file('a.mp3')]);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    queue.clearInactive();
    queue.add([file('b.mp3')]);
    expect(listener).not.toHaveBeenCalled();
  });
});
