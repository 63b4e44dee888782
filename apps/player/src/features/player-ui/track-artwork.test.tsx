import { imageSrcSet } from '@cadence/contracts/artwork';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Artwork } from './track-artwork';

afterEach(cleanup);

const image = (ui: React.ReactElement) => {
  const element = render(ui).container.querySelector('img');
  if (!element) throw new Error('no <img>');
  return element;
};

describe('Artwork', () => {
  it('offers the api width variants of a stored image when the layout width is known', () => {
    const img = image(<Artwork src="/api/v1/images/demo/album-a.png" sizes="12rem" />);
    expect(img.getAttribute('srcset')).toBe(
      [64, 150, 300, 600, 1000].map((w) => `/api/v1/images/demo/album-a.png?w=${w} ${w}w`).join(', '),
    );
    expect(img.getAttribute('sizes')).toBe('12rem');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('keeps one source for external images and for images without sizes', () => {
    expect(imageSrcSet('https://cdn.example/a.png')).toBeUndefined();
    expect(imageSrcSet('/api/v1/images/a.png?w=300')).toBeUndefined();
    const img = image(<Artwork src="/api/v1/images/demo/album-a.png" />);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });

  it('loads a priority image eagerly with high fetch priority', () => {
    const img = image(<Artwork src="/api/v1/images/a.png" isPriority />);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
