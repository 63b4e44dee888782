import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('toggles when its label is clicked', async () => {
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>Remember me</Checkbox>);
    await userEvent.click(screen.getByText('Remember me'));
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect((screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(true);
  });

  it('toggles with the space key', async () => {
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>Email</Checkbox>);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('exposes the indeterminate state', () => {
    render(<Checkbox isIndeterminate>All channels</Checkbox>);
    expect((screen.getByRole('checkbox') as HTMLInputElement).indeterminate).toBe(true);
  });

  it('is required and shows an error', () => {
    render(
      <Checkbox isRequired errorMessage="You must accept the terms">
        I accept the terms
      </Checkbox>,
    );
    const input = screen.getByRole('checkbox') as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('You must accept the terms')).toBeTruthy();
  });

  it('does not toggle when disabled', async () => {
    const onChange = vi.fn();
    render(
      <Checkbox isDisabled onChange={onChange}>
        Locked
      </Checkbox>,
    );
    await userEvent.click(screen.getByText('Locked'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
