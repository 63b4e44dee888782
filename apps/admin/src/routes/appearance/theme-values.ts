/** Theme colours are RGB channels ("r g b"); the colour picker speaks hex. */
export function channelsToHex(value: string): string | null {
  const parts = value.trim().split(/\s+/).map(Number);
  if (parts.length !== 3 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255))
    return null;
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

export function hexToChannels(hex: string): string {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return '0 0 0';
  return match
    .slice(1, 4)
    .map((part) => Number.parseInt(part, 16))
    .join(' ');
}

/** `--be-background-alt` -> "Background alt". */
export function variableLabel(name: string): string {
  const words = name.replace(/^--be-/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const FONT_VARIABLE = '--be-font-family';
export const RADIUS_VARIABLES = ['--be-button-radius', '--be-input-radius', '--be-panel-radius'] as const;

/** Fonts every visitor already has or that the apps ship: no font host to allow or wait for. */
export const FONT_CHOICES = [
  {
    label: 'Inter',
    value:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  { label: 'System', value: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  { label: 'Helvetica / Arial', value: '"Helvetica Neue", Helvetica, Arial, sans-serif' },
  { label: 'Verdana', value: 'Verdana, Geneva, Tahoma, sans-serif' },
  { label: 'Trebuchet', value: '"Trebuchet MS", "Lucida Grande", sans-serif' },
  { label: 'Georgia', value: 'Georgia, "Times New Roman", Times, serif' },
  { label: 'Palatino', value: '"Palatino Linotype", Palatino, "Book Antiqua", serif' },
  { label: 'Monospace', value: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
] as const;

export const RADIUS_CHOICES = [
  { label: 'Square', value: '0px' },
  { label: 'Small', value: '0.25rem' },
  { label: 'Medium', value: '0.5rem' },
  { label: 'Large', value: '0.75rem' },
  { label: 'Extra large', value: '1rem' },
  { label: 'Pill', value: '9999px' },
] as const;
