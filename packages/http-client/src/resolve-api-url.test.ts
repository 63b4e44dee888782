import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveApiUrl, UNPREFIXED_SEGMENTS } from './resolve-api-url';

const segment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/);
const relativePath = fc
  .tuple(fc.constantFrom('', '/'), fc.array(segment, { minLength: 1, maxLength: 4 }))
  .map(([lead, parts]) => `${lead}${parts.join('/')}`);

describe('resolveApiUrl', () => {
  it.each([
    ['users/1', '/api/v1/users/1'],
    ['/users', '/api/v1/users'],
    ['api/v1/logs/error/download-latest', '/api/v1/logs/error/download-latest'],
    ['/api/v1/bootstrap-data', '/api/v1/bootstrap-data'],
    ['auth/login', '/auth/login'],
    ['/auth/logout', '/auth/logout'],
    ['secure/auth/social/google/login', '/secure/auth/social/google/login'],
    ['log-viewer', '/log-viewer'],
    ['horizon/api/stats', '/horizon/api/stats'],
    ['authors', '/api/v1/authors'],
    ['securely/x', '/api/v1/securely/x'],
    ['value-lists/timezones?x=1', '/api/v1/value-lists/timezones?x=1'],
    ['auth?redirect=1', '/auth?redirect=1'],
    ['https://cdn.example.com/a', 'https://cdn.example.com/a'],
    ['HTTP://host/a', 'HTTP://host/a'],
    ['//cdn.example.com/a', '//cdn.example.com/a'],
  ])('%s -> %s', (path, expected) => {
    expect(resolveApiUrl(path)).toBe(expected);
  });

  it('joins a base without doubling slashes', () => {
    expect(resolveApiUrl('/users', 'https://api.example.com/')).toBe('https://api.example.com/api/v1/users');
    expect(resolveApiUrl('auth/login', 'https://api.example.com')).toBe('https://api.example.com/auth/login');
  });

  it('prefixes any non-exempt relative path exactly once', () => {
    fc.assert(
      fc.property(relativePath, (path) => {
        fc.pre(!UNPREFIXED_SEGMENTS.some((s) => path.replace(/^\//, '').split('/')[0] === s));
        fc.pre(!path.replace(/^\//, '').startsWith('api/v1/'));
        const url = resolveApiUrl(path);
        expect(url).toBe(`/api/v1/${path.replace(/^\//, '')}`);
        expect(url.match(/api\/v1\//g)?.length ?? 0).toBe((path.match(/api\/v1\//g)?.length ?? 0) + 1);
      }),
    );
  });

  it('is idempotent with no base and with an absolute base', () => {
    fc.assert(
      fc.property(relativePath, fc.constantFrom('', 'https://api.example.com'), (path, base) => {
        const once = resolveApiUrl(path, base);
        expect(resolveApiUrl(once, base)).toBe(once);
      }),
    );
  });

  it('never prefixes an already prefixed path', () => {
    fc.assert(
      fc.property(relativePath, fc.boolean(), (rest, lead) => {
        const path = `${lead ? '/' : ''}api/v1/${rest.replace(/^\//, '')}`;
        expect(resolveApiUrl(path)).toBe(`/${path.replace(/^\//, '')}`);
      }),
    );
  });

  it('leaves exempt prefixes untouched apart from the leading slash', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNPREFIXED_SEGMENTS), fc.array(segment), (head, rest) => {
        const path = [head, ...rest].join('/');
        expect(resolveApiUrl(path)).toBe(`/${path}`);
        expect(resolveApiUrl(`/${path}`)).toBe(`/${path}`);
      }),
    );
  });

  it('returns absolute urls unchanged', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.constantFrom('', 'https://other.test'), (url, base) => {
        expect(resolveApiUrl(url, base)).toBe(url);
        const protocolRelative = url.replace(/^https?:/, '');
        expect(resolveApiUrl(protocolRelative, base)).toBe(protocolRelative);
      }),
    );
  });
});
