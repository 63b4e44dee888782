import path from 'node:path';

export type SpaApp = { name: 'player' | 'admin' | 'backstage'; base: string; distDir: string };

export const BOOTSTRAP_MARKER = '<!--bootstrap-data-->';

/** interfaces.md "Single-node SPA serving": longest base first so `/admin/x` is not the player's. */
export function spaApps(staticDir: string): SpaApp[] {
  return [
    { name: 'admin', base: '/admin/', distDir: path.join(staticDir, 'admin', 'dist') },
    { name: 'backstage', base: '/backstage/', distDir: path.join(staticDir, 'backstage', 'dist') },
    { name: 'player', base: '/', distDir: path.join(staticDir, 'player', 'dist') },
  ];
}

export function appForPath(apps: SpaApp[], pathname: string): SpaApp | undefined {
  return apps.find((app) => pathname === app.base.slice(0, -1) || pathname.startsWith(app.base));
}

const NON_SPA_PREFIXES = ['/api/', '/auth/', '/secure/', '/api-docs', '/health', '/ready'];

export function isSpaPath(pathname: string): boolean {
  return !NON_SPA_PREFIXES.some(
    (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
  );
}

/** Inline script safe inside HTML: no `</script>`, no raw U+2028/9 (old JS parsers). */
export function inlineBootstrapScript(data: unknown, globalName = 'bootstrapData', nonce?: string): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script${nonce ? ` nonce="${nonce}"` : ''}>window.${globalName}=${json};</script>`;
}

/** Bootstrap data and, when the first route's GET was answered with it, `window.initialResponses`. */
export function injectBootstrap(
  template: string,
  data: unknown,
  initialResponses: unknown = null,
  preloads = '',
  nonce?: string,
): string {
  const script =
    preloads +
    inlineBootstrapScript(data, 'bootstrapData', nonce) +
    (initialResponses ? inlineBootstrapScript(initialResponses, 'initialResponses', nonce) : '');
  if (template.includes(BOOTSTRAP_MARKER)) return template.replace(BOOTSTRAP_MARKER, () => script);
  return template.replace('</head>', () => `${script}</head>`);
}
