import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { buttonClasses } from './button-styles';

describe('Button', () => {
  it('calls onPress when clicked', async () => {
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks and is disabled when isDisabled', async () => {
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isDisabled>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a spinner, announces progress and ignores presses while pending', async () => {
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isPending pendingLabel="Saving">
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect(screen.getByRole('progressbar', { name: 'Saving' })).toBeTruthy();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('submits its form when type is submit', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Next</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('applies the variant classes', () => {
    render(<Button variant="danger">Delete</Button>);
    expect(screen.getByRole('button').className).toContain('bg-danger');
  });
});

describe('buttonClasses', () => {
  it('gives each variant its own colours and icon buttons a round shape', () => {
    expect(buttonClasses({ variant: 'primary' })).toContain('bg-primary');
    expect(buttonClasses({ variant: 'outline' })).toContain('border-divider');
    expect(buttonClasses({ variant: 'text' })).not.toContain('bg-primary');
    expect(buttonClasses({ isIconOnly: true, size: 'sm' })).toContain('rounded-full');
    expect(buttonClasses({ isFullWidth: true })).toContain('w-full');
  });
});
