const URL_IN_CODE = /(?:https?:)?\/\/[a-z0-9.-]+(?::\d+)?/gi;
const MAX_ORIGINS = 20;

let last: { key: string; origins: readonly string[] } | null = null;

/**
 * The https origins the admin's custom code names (a font service, an analytics host): the
 * player's policy allows those and nothing else besides its own. Parsed once per code version.
 */
export function customCodeOrigins(css: string, html: string): readonly string[] {
  const key = `${css}\u0000${html}`;
  if (last?.key === key) return last.origins;
  const origins = new Set<string>();
  for (const match of `${css}\n${html}`.matchAll(URL_IN_CODE)) {
    try {
      const url = new URL(match[0].startsWith('//') ? `https:${match[0]}` : match[0]);
      // Only https: an http host would make the page load mixed, downgradable content.
      if (url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Not a URL after all.
    }
    if (origins.size >= MAX_ORIGINS) break;
  }
  last = { key, origins: [...origins] };
  return last.origins;
}
