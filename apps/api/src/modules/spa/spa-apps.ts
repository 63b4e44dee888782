import path from 'node:path';
import { isBackstageRootPath } from '@cadence/contracts/backstage-paths';
import { scriptSafeJson } from '../../platform/http/script-json';

export type SpaApp = {
  name: 'player' | 'admin' | 'backstage';
  base: string;
  distDir: string;
  /** Pages outside its base that the app serves (spec 2.10 `/become-artist`). */
  isRootPage?: (pathname: string) => boolean;
};

export const BOOTSTRAP_MARKER = '<!--bootstrap-data-->';

/** interfaces.md "Single-node SPA serving": longest base first so `/admin/x` is not the player's. */
export function spaApps(staticDir: string): SpaApp[] {
  return [
    { name: 'admin', base: '/admin/', distDir: path.join(staticDir, 'admin', 'dist') },
    {
      name: 'backstage',
      base: '/backstage/',
      distDir: path.join(staticDir, 'backstage', 'dist'),
      isRootPage: isBackstageRootPath,
    },
    { name: 'player', base: '/', distDir: path.join(staticDir, 'player', 'dist') },
  ];
}

export function appForPath(apps: SpaApp[], pathname: string): SpaApp | undefined {
  return (
    apps.find((app) => app.isRootPage?.(pathname)) ??
    apps.find((app) => pathname === app.base.slice(0, -1) || pathname.startsWith(app.base))
  );
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

/** Where the page's data goes: the template's marker, else the end of its head. */
function splitAtDataSlot(template: string): [before: string, after: string] {
  const marker = template.indexOf(BOOTSTRAP_MARKER);
  if (marker >= 0) return [template.slice(0, marker), template.slice(marker + BOOTSTRAP_MARKER.length)];
  const head = template.indexOf('</head>');
  return head >= 0 ? [template.slice(0, head), template.slice(head)] : [template, ''];
}

/** The `<script>` that opens the bootstrap data and the one that closes it, around its JSON. */
export function bootstrapScriptWrap(nonce?: string): { before: string; after: string } {
  return { before: `<script${nonce ? ` nonce="${nonce}"` : ''}>window.bootstrapData=`, after: ';</script>' };
}

/**
 * The page around its bootstrap data's script (bytes already, see `bootstrapScriptWrap`): the
 * template with its preloads before it and, when the first route's GET was answered with it,
 * `window.initialResponses` after it (JSON text: the api's own answer, not serialized again).
 */
export function pageAround(
  template: string,
  initialResponsesJson: string | null = null,
  preloads = '',
  nonce?: string,
): [before: string, after: string] {
  const [before, after] = splitAtDataSlot(template);
  const initial = initialResponsesJson
    ? inlineJsonScript(initialResponsesJson, 'initialResponses', nonce)
    : '';
  return [before + preloads, initial + after];
}
