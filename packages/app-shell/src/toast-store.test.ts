import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToast, toast } from './toast-store';

describe('toast store (spec 4, spec 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('closes a positive toast after 3000 ms', () => {
    toast.positive('Saved');
    vi.advanceTimersByTime(2999);
    expect(getToast()?.message).toBe('Saved');
    vi.advanceTimersByTime(1);
    expect(getToast()).toBeNull();
  });

  it('closes a danger toast after 8000 ms', () => {
    toast.danger('Broken');
    vi.advanceTimersByTime(7999);
    expect(getToast()?.type).toBe('danger');
    vi.advanceTimersByTime(1);
    expect(getToast()).toBeNull();
  });

  it('keeps a loading toast until replaced', () => {
    toast.loading('Uploading');
    vi.advanceTimersByTime(60_000);
    expect(getToast()?.message).toBe('Uploading');
  });

  it('shows one toast at a time: a new one replaces the old and its timer', () => {
    toast.positive('First');
    vi.advanceTimersByTime(2000);
    toast.danger('Second');
    expect(getToast()?.message).toBe('Second');
    vi.advanceTimersByTime(2000);
    expect(getToast()?.message).toBe('Second');
    vi.advanceTimersByTime(6000);
    expect(getToast()).toBeNull();
  });

  it('replaces a toast with the same id (loading then done)', () => {
    const id = toast.loading('Uploading', { id: 'upload' });
    expect(id).toBe('upload');
    toast.positive('Uploaded', { id: 'upload' });
    expect(getToast()).toMatchObject({ id: 'upload', message: 'Uploaded', type: 'positive', duration: 3000 });
  });

  it('dismissing by a stale id leaves the newer toast alone', () => {
    const first = toast('One');
    toast('Two');
    dismissToast(first);
    expect(getToast()?.message).toBe('Two');
  });
});
