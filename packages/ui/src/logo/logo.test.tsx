import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from './logo';

describe('Logo', () => {
  it('shows the light logo on a dark theme and the dark logo on a light theme', () => {
    const { rerender } = render(<Logo lightSrc="/light.svg" darkSrc="/dark.svg" isDarkTheme alt="Cadence" />);
    expect(screen.getByRole('img', { name: 'Cadence' }).getAttribute('src')).toBe('/light.svg');
    rerender(<Logo lightSrc="/light.svg" darkSrc="/dark.svg" isDarkTheme={false} alt="Cadence" />);
    expect(screen.getByRole('img', { name: 'Cadence' }).getAttribute('src')).toBe('/dark.svg');
  });

  it('falls back to the other variant, then to the site name', () => {
    const { rerender } = render(<Logo darkSrc="/dark.svg" isDarkTheme alt="Cadence" />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/dark.svg');
    rerender(<Logo isDarkTheme alt="Cadence" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Cadence')).toBeTruthy();
  });
});
