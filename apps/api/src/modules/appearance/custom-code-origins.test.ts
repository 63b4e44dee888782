import { describe, expect, it } from 'vitest';
import { customCodeOrigins } from './custom-code-origins';

describe('customCodeOrigins', () => {
  it('finds the https origins custom code names, once each, and nothing that could break the policy', () => {
    const css =
      "@import url('https://fonts.example.com/css?family=Inter'); body{background:url(//cdn.example.net/x.png)}";
    const html =
      '<script src="https://stats.example.org:8443/a.js"></script><img src="http://plain.example.com/p.gif">' +
      '<a href="https://fonts.example.com/other">x</a><p>\'; script-src *</p>';
    expect(customCodeOrigins(css, html)).toEqual([
      'https://fonts.example.com',
      'https://cdn.example.net',
      'https://stats.example.org:8443',
    ]);
    expect(customCodeOrigins('', '')).toEqual([]);
  });
});
