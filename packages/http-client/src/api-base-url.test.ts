import { describe, expect, it } from 'vitest';
import { apiUrl, readApiBaseUrl } from './api-base-url';

function documentWith(content: string | null) {
  return {
    querySelector: (selector: string) =>
      content !== null && selector === 'meta[name="cadence-api-url"]'
        ? ({ getAttribute: (name: string) => (name === 'content' ? content : null) } as unknown as Element)
        : null,
  };
}

describe('readApiBaseUrl', () => {
  it('reads the deploy-time api URL from the meta tag, without trailing slashes', () => {
    expect(readApiBaseUrl(documentWith(' https://api.example.com/ '))).toBe('https://api.example.com');
    expect(apiUrl('/api/v1/tracks/3/stream', documentWith('http://localhost:3000'))).toBe(
      'http://localhost:3000/api/v1/tracks/3/stream',
    );
    expect(apiUrl('secure/auth/social/google/login', documentWith('http://localhost:3000'))).toBe(
      'http://localhost:3000/secure/auth/social/google/login',
    );
  });

  it('stays on the page origin when the tag is absent or empty, and leaves absolute URLs alone', () => {
    expect(readApiBaseUrl(documentWith(null))).toBe('');
    expect(readApiBaseUrl(documentWith(''))).toBe('');
    expect(readApiBaseUrl(undefined)).toBe('');
    expect(apiUrl('/api/v1/x', documentWith(null))).toBe('/api/v1/x');
    expect(apiUrl('https://cdn.example.com/a.mp3', documentWith('http://api'))).toBe(
      'https://cdn.example.com/a.mp3',
    );
  });
});
