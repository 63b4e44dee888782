import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { ImageField } from './image-field';

beforeEach(() => {
  setBootstrapData(bootstrapFixture());
  window.history.replaceState(null, '', '/admin/appearance/general');
});
afterEach(() => {
  cleanup();
  document.head.querySelector('meta[name="cadence-api-url"]')?.remove();
});

const preview = () => screen.getByRole('img', { name: 'Logo' }) as HTMLImageElement;

describe('appearance image previews', () => {
  it('load a site-root path from the site root, not from the editor route', () => {
    render(<ImageField label="Logo" value="images/logo-light.svg" onChange={() => {}} />);
    expect(preview().getAttribute('src')).toBe('/images/logo-light.svg');
    expect(preview().src).toBe(`${window.location.origin}/images/logo-light.svg`);
  });

  it("load from the api's origin when the admin is deployed apart from it", () => {
    const meta = document.createElement('meta');
    meta.name = 'cadence-api-url';
    meta.content = 'https://api.example.com/';
    document.head.append(meta);
    render(<ImageField label="Logo" value="storage/branding/logo.png" onChange={() => {}} />);
    expect(preview().getAttribute('src')).toBe('https://api.example.com/storage/branding/logo.png');
  });

  it('keep absolute and data addresses as they are', () => {
    render(<ImageField label="Logo" value="https://cdn.example.com/logo.png" onChange={() => {}} />);
    expect(preview().getAttribute('src')).toBe('https://cdn.example.com/logo.png');
  });
});
