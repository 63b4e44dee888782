import { describe, expect, it } from 'vitest';
import { channelsToHex, hexToChannels, variableLabel } from './theme-values';

describe('theme values', () => {
  it('turns RGB channels into hex and back', () => {
    expect(channelsToHex('21 128 61')).toBe('#15803d');
    expect(hexToChannels('#15803d')).toBe('21 128 61');
    expect(channelsToHex('0.87')).toBeNull();
    expect(channelsToHex('300 0 0')).toBeNull();
    expect(hexToChannels('nope')).toBe('0 0 0');
  });

  it('names a variable for people', () => {
    expect(variableLabel('--be-background-alt')).toBe('Background alt');
  });
});
