import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// index.html's script that draws the page's preloaded LCP image into the static outline.
const html = readFileSync(path.join(__dirname, '..', 'index.html'), 'utf8');
const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((match) => match[1] ?? '')
  .find((code) => code.includes("'boot-first'"));

function load(pathname: string, preload: string | null) {
  window.history.replaceState(null, '', pathname);
  document.head.innerHTML = preload ?? '';
  document.body.innerHTML = '<div id="root"></div><div id="boot-layout"></div>';
  new Function(script ?? 'throw new Error("no boot-first script in index.html")')();
  return document.querySelector<HTMLImageElement>('#boot-first img');
}

const preloadLink = (sizes: string) =>
  `<link rel="preload" as="image" imagesrcset="/a.png?w=300 300w, /a.png?w=600 600w" imagesizes="${sizes}" fetchpriority="high">`;

describe('the outline of index.html', () => {
  afterEach(() => {
    document.documentElement.className = '';
    window.history.replaceState(null, '', '/');
  });

  it("draws an album's preloaded cover in the header's place, with the preload's srcset and sizes", () => {
    const image = load('/album/8/neon-atlas/signal', preloadLink('(min-width: 768px) 14rem, 12rem'));
    expect(image?.getAttribute('srcset')).toBe('/a.png?w=300 300w, /a.png?w=600 600w');
    expect(image?.getAttribute('sizes')).toBe('(min-width: 768px) 14rem, 12rem');
    expect(image?.parentElement?.className).toBe('header');
  });

  it("draws home's first card in a grid cell, and an artist's picture round", () => {
    expect(load('/', preloadLink('(max-width: 640px) 50vw, 12rem'))?.closest('#boot-first')?.className).toBe(
      'cards',
    );
    expect(load('/artist/3/neon-atlas', preloadLink('12rem'))?.parentElement?.className).toBe('header round');
  });

  it('draws nothing without a preload, on other pages, or on a page drawn without the layout', () => {
    expect(load('/album/8/neon-atlas/signal', null)).toBeNull();
    expect(load('/search/signal', preloadLink('12rem'))).toBeNull();
    document.documentElement.className = 'no-boot-layout';
    expect(load('/', preloadLink('12rem'))).toBeNull();
  });
});
