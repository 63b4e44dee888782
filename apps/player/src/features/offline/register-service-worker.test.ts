import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerWhenIdle } from './register-service-worker';

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
