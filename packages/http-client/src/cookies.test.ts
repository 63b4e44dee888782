import { describe, expect, it } from 'vitest';
import { parseCookie } from './cookies';

describe('parseCookie', () => {
  it('finds a cookie by exact name and decodes it', () => {
    const header = 'be-active-theme=dark; XSRF-TOKEN=abc%3D%3D; activeWorkspaceId=7';
    expect(parseCookie(header, 'XSRF-TOKEN')).toBe('abc==');
    expect(parseCookie(header, 'activeWorkspaceId')).toBe('7');
    expect(parseCookie(header, 'TOKEN')).toBeNull();
  });

  it('returns the raw value when it is not valid URI encoding', () => {
    expect(parseCookie('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
  });
});
