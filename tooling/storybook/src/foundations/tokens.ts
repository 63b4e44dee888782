import { tailwindThemeCss as tailwindTheme, uiStylesCss as uiStyles } from 'virtual:cadence-product-icons';

/**
 * The design tokens, read from where they are defined (no copies): the product's Tailwind theme
 * in `@cadence/ui/styles.css` and Tailwind's own defaults for the type scale and spacing.
 */
export type TToken = { name: string; value: string };

/** The custom properties of the first `@theme <flavour> {` block of a stylesheet. */
function themeBlock(css: string, opening: RegExp): TToken[] {
  const start = css.search(opening);
  if (start < 0) throw new Error(`No ${opening} block in the stylesheet`);
  const body = css.slice(css.indexOf('{', start) + 1);
  let depth = 0;
  let end = 0;
  for (; end < body.length; end++) {
    if (body[end] === '{') depth++;
    if (body[end] === '}') {
      if (depth === 0) break;
      depth--;
    }
  }
  const tokens: TToken[] = [];
  for (const [, name, value] of body.slice(0, end).matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)) {
    if (name && value) tokens.push({ name, value: value.replace(/\s+/g, ' ').trim() });
  }
  return tokens;
}

const productInline = themeBlock(uiStyles, /@theme inline\s*\{/);
const productStatic = themeBlock(uiStyles, /@theme\s*\{/);
const tailwindDefaults = themeBlock(tailwindTheme, /@theme default\s*\{/);

/** `--color-primary: rgb(var(--be-primary))` and the theme variables each colour reads. */
export const colorTokens = productInline
  .filter((token) => token.name.startsWith('--color-'))
  .map((token) => ({
    ...token,
    utility: token.name.replace('--color-', ''),
    themeVariables: [...token.value.matchAll(/var\((--be-[a-z-]+)\)/g)].map((match) => match[1] as string),
  }));

export const radiusTokens = productInline.filter((token) => token.name.startsWith('--radius-'));
export const fontTokens = productInline.filter((token) => token.name.startsWith('--font-'));
export const breakpointTokens = productStatic.filter((token) => token.name.startsWith('--breakpoint-'));

/** Tailwind's type scale (`text-xs` ... `text-9xl`) with each size's line height. */
export const typeScale = tailwindDefaults
  .filter((token) => /^--text-[a-z0-9]+$/.test(token.name))
  .map((token) => ({
    ...token,
    utility: token.name.replace('--', ''),
    lineHeight:
      tailwindDefaults.find((other) => other.name === `${token.name}--line-height`)?.value ?? 'normal',
  }));

export const fontWeights = tailwindDefaults.filter((token) => token.name.startsWith('--font-weight-'));

/** The spacing unit: every `p-N`, `gap-N`, `size-N` is N times it. */
export const spacingUnit = tailwindDefaults.find((token) => token.name === '--spacing')?.value ?? '';
