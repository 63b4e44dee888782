/** Values for a line's `:name` placeholders and its plural counts. */
export type TransValues = Record<string, string | number>;

/**
 * ICU-style plural blocks in a localization line: `{count, plural, one {# page} other {# pages}}`.
 * The branch is picked with the language's Intl.PluralRules (`=0`, `=1`... exact matches first,
 * then zero/one/two/few/many, then `other`), and `#` becomes the number in the language's format.
 * A translator writes the categories of their language: "{count, plural, one {# strona} few
 * {# strony} many {# stron} other {# strony}}".
 */
import { numberFormat } from '@cadence/contracts/number-format';

const BLOCK_START = /\{\s*([A-Za-z_]\w*)\s*,\s*plural\s*,/g;

/** The text between a `{` at `open` and its matching `}`, or null when unbalanced. */
function balanced(text: string, open: number): { inner: string; end: number } | null {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '{') depth++;
    else if (text[index] === '}' && --depth === 0) return { inner: text.slice(open + 1, index), end: index };
  }
  return null;
}

/** `one {...} other {...}` into selector -> message. */
function branches(body: string): Map<string, string> | null {
  const found = new Map<string, string>();
  let rest = body.trim();
  while (rest) {
    const selector = /^(=\d+|zero|one|two|few|many|other)\s*/.exec(rest);
    if (!selector?.[1] || rest[selector[0].length] !== '{') return null;
    const message = balanced(rest, selector[0].length);
    if (!message) return null;
    found.set(selector[1], message.inner);
    rest = rest.slice(message.end + 1).trim();
  }
  return found.has('other') ? found : null;
}

const rulesCache = new Map<string, Intl.PluralRules>();
function pluralRules(locale: string): Intl.PluralRules {
  let rules = rulesCache.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    rulesCache.set(locale, rules);
  }
  return rules;
}

// The first formatter of a page is the cost: it loads the number data (an album's first render
// spent 94 ms of a 118 ms task on it at 4x CPU), so English's common case, a whole number below
// 1,000, is written as its digits without one.
/** English, with a region or script, and no Unicode extension (`-u-nu-...` picks other digits). */
const PLAIN_DIGITS_LOCALE = /^en(?:-(?!u-)[a-z0-9]+)*$/i;
function formatNumber(value: number, locale: string): string {
  if (Number.isInteger(value) && Math.abs(value) < 1000 && PLAIN_DIGITS_LOCALE.test(locale)) {
    return String(value);
  }
  try {
    return numberFormat(locale).format(value);
  } catch {
    // A locale Intl refuses (a bad language code in the settings) still shows the number.
    return String(value);
  }
}

/** Resolves every plural block of `line` whose variable has a numeric value; others stay as written. */
export function formatPlurals(line: string, values: TransValues | undefined, locale = 'en'): string {
  if (!values || !line.includes('plural')) return line;
  let out = '';
  let last = 0;
  BLOCK_START.lastIndex = 0;
  for (let match = BLOCK_START.exec(line); match; match = BLOCK_START.exec(line)) {
    const block = balanced(line, match.index);
    const name = match[1] ?? '';
    const count = Number(values[name]);
    const options = block && branches(block.inner.slice(match[0].length - 1));
    if (!block || !options || !Object.hasOwn(values, name) || !Number.isFinite(count)) continue;
    const chosen =
      options.get(`=${count}`) ??
      options.get(pluralRules(locale).select(count)) ??
      options.get('other') ??
      '';
    out += line.slice(last, match.index) + chosen.replaceAll('#', formatNumber(count, locale));
    last = block.end + 1;
    BLOCK_START.lastIndex = last;
  }
  return out + line.slice(last);
}
