import { HttpError } from '@cadence/http-client/http-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs, getDialogs } from './modal-store';
import { createQueryClient, MAX_QUERY_RETRIES, QUERY_STALE_TIME_MS, shouldRetryQuery } from './query-client';
import { reportError } from './report-error';
import { dismissToast, getToast } from './toast-store';

describe('query client defaults (spec 9)', () => {
  afterEach(() => {
    dismissToast();
    closeAllDialogs();
  });

  it('keeps data fresh for 30 s and retries through shouldRetryQuery', () => {
    const client = createQueryClient();
    const defaults = client.getDefaultOptions().queries;
    expect(QUERY_STALE_TIME_MS).toBe(30_000);
    expect(defaults?.staleTime).toBe(30_000);
    expect(defaults?.retry).toBe(shouldRetryQuery);
  });

  it.each([401, 403, 404])('never retries a %i', (status) => {
    expect(shouldRetryQuery(0, new HttpError({ status }))).toBe(false);
  });

  it('retries other failures at most 2 times', () => {
    const error = new HttpError({ status: 500 });
    expect(MAX_QUERY_RETRIES).toBe(2);
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
    expect(shouldRetryQuery(1, new TypeError('network'))).toBe(true);
  });

  it('reports a failed query once, unless it opted out or the page handles the status', async () => {
    const report = vi.fn();
    const client = createQueryClient(report);
    const fail = (status: number) => () =>
      Promise.reject(new HttpError({ status, message: `failed ${status}` }));
    await client.fetchQuery({ queryKey: ['a'], queryFn: fail(500), retry: false }).catch(() => {});
    await client.fetchQuery({ queryKey: ['b'], queryFn: fail(404) }).catch(() => {});
    await client
      .fetchQuery({ queryKey: ['c'], queryFn: fail(500), retry: false, meta: { silentError: true } })
      .catch(() => {});
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]).toEqual([expect.objectContaining({ status: 500 })]);
  });
});

describe('reportError (spec 8)', () => {
  afterEach(() => {
    dismissToast();
    closeAllDialogs();
  });

  it('shows the server message in a danger toast', () => {
    reportError(new HttpError({ status: 422, message: 'The name is taken.' }));
    expect(getToast()).toMatchObject({ type: 'danger', message: 'The name is taken.' });
  });

  it('shows the generic message for unknown errors', () => {
    reportError(new Error('internal detail'));
    expect(getToast()?.message).toBe('There was an issue. Please try again.');
  });

  it('opens the error dialog instead of a toast when a debug trace is present', () => {
    reportError(
      new HttpError({
        status: 500,
        message: 'x',
        debug: { exception: 'TypeError', message: 'x', trace: [] },
      }),
    );
    expect(getToast()).toBeNull();
    expect(getDialogs()).toHaveLength(1);
  });

  it('ignores cancelled requests', () => {
    reportError(new HttpError({ status: 0, isCancelled: true }));
    expect(getToast()).toBeNull();
    expect(getDialogs()).toHaveLength(0);
  });
});
