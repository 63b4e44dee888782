import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerWhenIdle, whenFirstPageShown } from './register-service-worker';

function controlledStart() {
  const register = vi.fn();
  let loaded: (() => void) | undefined;
  let idle: (() => void) | undefined;
  registerServiceWorkerWhenIdle({
    register,
    whenLoaded: (callback) => {
      loaded = callback;
    },
    whenIdle: (callback) => {
      idle = callback;
    },
  });
  return {
    register,
    load: () => loaded?.(),
    idle: () => idle?.(),
    waitsForIdle: () => idle !== undefined,
  };
}

describe('registerServiceWorkerWhenIdle', () => {
  it('does not register (and so pre-cache) before the page has loaded', () => {
    const start = controlledStart();
    expect(start.waitsForIdle()).toBe(false);
    expect(start.register).not.toHaveBeenCalled();
  });

  it('waits for idle after load before registering', () => {
    const start = controlledStart();
    start.load();
    expect(start.waitsForIdle()).toBe(true);
    expect(start.register).not.toHaveBeenCalled();
    start.idle();
    expect(start.register).toHaveBeenCalledTimes(1);
  });
});

describe('whenFirstPageShown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls back once the page is in #root and its eager images are complete', () => {
    vi.useFakeTimers();
    const root = document.createElement('div');
    const callback = vi.fn();
    whenFirstPageShown(callback, root);
    vi.advanceTimersByTime(1_000);
    expect(callback).not.toHaveBeenCalled();
    const image = document.createElement('img');
    let isComplete = false;
    Object.defineProperty(image, 'complete', { get: () => isComplete });
    root.append(image);
    vi.advanceTimersByTime(1_000);
    expect(callback).not.toHaveBeenCalled();
    isComplete = true;
    vi.advanceTimersByTime(200);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after the idle timeout', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    whenFirstPageShown(callback, document.createElement('div'));
    vi.advanceTimersByTime(10_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
