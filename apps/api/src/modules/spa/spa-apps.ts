import path from 'node:path';
import { scriptSafeJson } from '../../platform/http/script-json';

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

/** `window.<globalName>=<json>` as an inline script; `json` is JSON text already serialized. */
export function inlineJsonScript(json: string, globalName: string, nonce?: string): string {
  return `<script${nonce ? ` nonce="${nonce}"` : ''}>window.${globalName}=${scriptSafeJson(json)};</script>`;
}

/** Inline script safe inside HTML: no `</script>`, no raw U+2028/9 (old JS parsers). */
export function inlineBootstrapScript(data: unknown, globalName = 'bootstrapData', nonce?: string): string {
  return inlineJsonScript(JSON.stringify(data), globalName, nonce);
}

/**
 * Bootstrap data and, when the first route's GET was answered with it, `window.initialResponses`,
 * both given as JSON text: the page reuses what was serialized once (cached bootstrap fragments,
 * the api's own answer) instead of serializing it again.
 */
export function injectBootstrap(
  template: string,
  bootstrapJson: string,
  initialResponsesJson: string | null = null,
  preloads = '',
  nonce?: string,
): string {
  const script =
    preloads +
    inlineJsonScript(bootstrapJson, 'bootstrapData', nonce) +
    (initialResponsesJson ? inlineJsonScript(initialResponsesJson, 'initialResponses', nonce) : '');
  if (template.includes(BOOTSTRAP_MARKER)) return template.replace(BOOTSTRAP_MARKER, () => script);
  return template.replace('</head>', () => `${script}</head>`);
}
