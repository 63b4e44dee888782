import { scriptSafeJson } from '../../platform/http/script-json';

/**
 * Renders a head template of packages/contracts seo.ts: `{{path}}` placeholders filled in one
 * pass (a value that itself reads `{{x}}` stays text), escaped for HTML outside and for JSON
 * inside `<script type="application/ld+json">`. Variables ending in `_json` are JSON already
 * serialised by the api and go in as they are, inside JSON-LD only.
 */
export type TSeoVars = Record<string, string | number | null | undefined>;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const TITLE = /<title>[\s\S]*?<\/title>/i;
const JSON_LD = /(<script type="application\/ld\+json">)([\s\S]*?)(<\/script>)/gi;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const jsonStringBody = (value: string) => scriptSafeJson(JSON.stringify(value).slice(1, -1));

function fill(text: string, vars: TSeoVars, isJson: boolean): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = vars[name];
    const raw = value === null || value === undefined ? '' : String(value);
    if (name.endsWith('_json')) return isJson ? scriptSafeJson(raw) : '';
    return isJson ? jsonStringBody(raw) : escapeHtml(raw);
  });
}

/** A `<meta>`/`<link>` whose content or href came out empty says nothing: dropped. */
const EMPTY_TAG = /<(?:meta|link)\b[^>]*\b(?:content|href)=""[^>]*>\n?/gi;

/** The `<title>` of a template as plain text: what og:title and twitter:title repeat. */
export function templateTitle(template: string, vars: TSeoVars): string {
  const inner = /<title>([\s\S]*?)<\/title>/i.exec(template)?.[1] ?? '';
  return inner
    .replace(PLACEHOLDER, (_, name: string) => String(vars[name] ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * `fallbackTitle` stands in when the template's `<title>` comes out empty or is missing, so a
 * page always has one.
 */
export function renderSeoTemplate(template: string, vars: TSeoVars, fallbackTitle = ''): string {
  const ownTitle = templateTitle(template, vars);
  const title = ownTitle || fallbackTitle;
  const withTitle = { ...vars, title };
  let out = '';
  let last = 0;
  for (const match of template.matchAll(JSON_LD)) {
    const index = match.index ?? 0;
    out += fill(template.slice(last, index), withTitle, false);
    out += `${match[1]}${fill(match[2] ?? '', withTitle, true)}${match[3]}`;
    last = index + match[0].length;
  }
  out += fill(template.slice(last), withTitle, false);
  if (ownTitle) return out.replace(EMPTY_TAG, '');
  const titleTag = `<title>${escapeHtml(title)}</title>`;
  const head = TITLE.test(out) ? out.replace(TITLE, () => titleTag) : `${titleTag}\n${out}`;
  return head.replace(EMPTY_TAG, '');
}
