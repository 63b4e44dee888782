import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from './icon-button';

describe('IconButton', () => {
  it('is named by its aria-label and pressable', async () => {
    const onPress = vi.fn();
    render(
      <IconButton aria-label="Play" onPress={onPress}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('does not fire when disabled', async () => {
    const onPress = vi.fn();
    render(
      <IconButton aria-label="Play" onPress={onPress} isDisabled>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(onPress).not.toHaveBeenCalled();
  });

  it('responds to the keyboard', async () => {
    const onPress = vi.fn();
    render(
      <IconButton aria-label="Play" onPress={onPress}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});
