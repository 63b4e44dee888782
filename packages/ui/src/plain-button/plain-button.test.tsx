import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlainButton } from './plain-button';
import { PlainIconButton } from './plain-icon-button';

describe('PlainButton', () => {
  it('is a native button that presses with the mouse and the keyboard', async () => {
    const onPress = vi.fn();
    render(<PlainButton onPress={onPress}>Accept</PlainButton>);
    const button = screen.getByRole('button', { name: 'Accept' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(3);
  });

  it('is disabled with the disabled look when isDisabled', async () => {
    const onPress = vi.fn();
    render(
      <PlainButton onPress={onPress} isDisabled>
        Accept
      </PlainButton>,
    );
    const button = screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement;
    await userEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
    expect(button.disabled).toBe(true);
    expect(button.hasAttribute('data-disabled')).toBe(true);
  });

  it('announces progress and ignores presses while pending', async () => {
    const onPress = vi.fn();
    render(
      <PlainButton onPress={onPress} isPending pendingLabel="Saving">
        Save
      </PlainButton>,
    );
    expect(screen.getByRole('progressbar', { name: 'Saving' })).toBeTruthy();
    const button = screen.getByRole('button', { name: /Save/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('uses the shared button classes', () => {
    render(<PlainButton variant="outline">Retry</PlainButton>);
    expect(screen.getByRole('button').className).toContain('border-divider');
  });
});

describe('PlainIconButton', () => {
  it('is named by its aria-label, keeps aria-pressed and presses', async () => {
    const onPress = vi.fn();
    render(
      <PlainIconButton aria-label="Shuffle" aria-pressed={false} onPress={onPress}>
        <svg aria-hidden="true" />
      </PlainIconButton>,
    );
    const button = screen.getByRole('button', { name: 'Shuffle', pressed: false });
    await userEvent.tab();
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(button.className).toContain('rounded-full');
  });

  it('does not fire when disabled', async () => {
    const onPress = vi.fn();
    render(
      <PlainIconButton aria-label="Next" isDisabled onPress={onPress}>
        <svg aria-hidden="true" />
      </PlainIconButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPress).not.toHaveBeenCalled();
  });
});
