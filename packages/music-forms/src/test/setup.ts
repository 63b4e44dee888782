// jsdom has no CSS namespace; react-aria's overlays call CSS.escape when they open.
if (typeof globalThis.CSS?.escape !== 'function') {
  Object.defineProperty(globalThis, 'CSS', {
    value: { escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`) },
    configurable: true,
  });
}
