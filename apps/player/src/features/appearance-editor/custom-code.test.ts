import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { describe, expect, it } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { startCustomCode } from './custom-code';

function withCode(custom_code: { css: string; html: string }, favicon = '') {
  const data = bootstrapFixture();
  const branding = { ...data.settings.branding, favicon };
  setBootstrapData({
    ...data,
    settings: { ...data.settings, branding, custom_code } as typeof data.settings,
  });
}

describe('custom code', () => {
  it("puts the admin's CSS in the head and HTML at the end of the body, scripts live with the page's nonce", () => {
    const pageScript = document.createElement('script');
    pageScript.nonce = 'n0nce';
    document.head.append(pageScript);
    withCode({ css: 'body{color:red}', html: '<p id="hello">Hi</p><script data-x="1">window.x=1</script>' });
    const stop = startCustomCode();
    expect(document.getElementById('be-custom-css')?.textContent).toBe('body{color:red}');
    expect(document.getElementById('hello')?.textContent).toBe('Hi');
    const script = document.querySelector<HTMLScriptElement>('#be-custom-html script');
    expect(script?.dataset.x).toBe('1');
    expect(script?.nonce).toBe('n0nce');
    expect(script?.textContent).toBe('window.x=1');

    const icon = document.createElement('link');
    icon.rel = 'icon';
    icon.href = '/favicon.svg';
    document.head.append(icon);
    withCode({ css: '', html: '' }, 'https://cdn.example.com/icon.png');
    expect(icon.href).toBe('https://cdn.example.com/icon.png');
    expect(document.getElementById('be-custom-css')).toBeNull();
    expect(document.getElementById('be-custom-html')).toBeNull();
    stop();
  });
});
