import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no CSS namespace; react-aria's overlays call CSS.escape when they open.
if (typeof globalThis.CSS?.escape !== 'function') {
  const cssEscape = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`);
  Object.defineProperty(globalThis, 'CSS', {
    value: { ...globalThis.CSS, escape: cssEscape },
    configurable: true,
  });
}

afterEach(() => cleanup());
