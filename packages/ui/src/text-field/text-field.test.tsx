import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels the input and passes typing to onChange', async () => {
    const onChange = vi.fn();
    render(<TextField label="Code" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), '12');
    expect(onChange).toHaveBeenLastCalledWith('12');
  });

  it('forwards the input attributes the spec asks for', () => {
    render(
      <TextField
        label="Code"
        placeholder="Enter your verification code"
        isRequired
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />,
    );
    const input = screen.getByRole('textbox', { name: /Code/ }) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(input.inputMode).toBe('numeric');
    expect(input.autocomplete).toBe('one-time-code');
    expect(input.maxLength).toBe(6);
    expect(input.placeholder).toBe('Enter your verification code');
  });

  it('describes the input with its description', () => {
    render(<TextField label="Email" description="We never share it" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const describedBy = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('We never share it');
  });

  it('marks the input invalid and shows an error message', () => {
    render(<TextField label="Email" errorMessage="The email has already been taken." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!.split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('The email has already been taken.');
  });

  it('is valid without an error message', () => {
    render(<TextField label="Email" />);
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBeNull();
  });

  it('cannot be typed into when disabled', async () => {
    const onChange = vi.fn();
    render(<TextField label="Name" isDisabled onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    expect(onChange).not.toHaveBeenCalled();
  });
});
