import { describe, expect, it } from 'vitest';
import { deferEntry } from './entry-after-paint';

const START_SCRIPT = "<script>document.querySelector('link[data-app-entry]')</script>";
const ENTRY = '<script type="module" crossorigin src="/assets/index-AbC1.js"></script>';
const page = (head: string, body = START_SCRIPT) =>
  `<html><head><link rel="stylesheet" crossorigin href="/assets/index.css">\n${head}</head><body>${body}</body></html>`;

describe('deferEntry', () => {
  it('turns the entry script into a marked modulepreload at the same place', () => {
    expect(deferEntry(page(ENTRY))).toBe(
      page(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-AbC1.js" data-app-entry>',
      ),
    );
  });

  it('leaves a page without the start script as it is (other apps built with this config)', () => {
    expect(deferEntry(page(ENTRY, ''))).toBe(page(ENTRY, ''));
  });

  it('fails the build when the start script has no single entry to start', () => {
    expect(() => deferEntry(page(''))).toThrow(/found 0/);
    expect(() => deferEntry(page(ENTRY + ENTRY))).toThrow(/found 2/);
  });
});
