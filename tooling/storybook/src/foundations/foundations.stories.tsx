import { productIcons } from 'virtual:cadence-product-icons';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { storyThemes } from '../../.storybook/themes';
import {
  breakpointTokens,
  colorTokens,
  fontTokens,
  fontWeights,
  radiusTokens,
  spacingUnit,
  typeScale,
} from './tokens';

/**
 * The design tokens, generated from their sources: `@cadence/ui/styles.css` (the product's
 * Tailwind theme), the seeded default themes (the variables the appearance editor writes) and
 * Tailwind's defaults (type scale, spacing). Switch the toolbar's theme to see each colour in it.
 */
const meta = {
  title: 'Tokens',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function Page({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="flex max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-muted">{intro}</p>
      </header>
      {children}
    </article>
  );
}

const themeValue = (theme: keyof typeof storyThemes, variable: string) =>
  (storyThemes[theme] as Record<string, string>)[variable] ?? '-';

export const Colours: Story = {
  render: () => (
    <Page
      title="Colours and theme variables"
      intro="Each colour utility (bg-*, text-*, border-*) reads the theme variables below; the appearance editor writes them on the root element."
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Colour tokens</caption>
        <thead>
          <tr className="border-b border-divider text-muted">
            <th scope="col" className="py-2 pr-4 font-medium">
              Swatch
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Utility
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Value
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Dark theme
            </th>
            <th scope="col" className="py-2 font-medium">
              Light theme
            </th>
          </tr>
        </thead>
        <tbody>
          {colorTokens.map((token) => (
            <tr key={token.name} className="border-b border-divider" data-testid="colour-token">
              <td className="py-2 pr-4">
                <span
                  className="block size-10 rounded-button border border-divider"
                  style={{ background: token.value }}
                />
              </td>
              <td className="py-2 pr-4 font-mono">{token.utility}</td>
              <td className="py-2 pr-4 font-mono text-xs">{token.value}</td>
              {(['dark', 'light'] as const).map((theme) => (
                <td key={theme} className="py-2 pr-4 font-mono text-xs">
                  {token.themeVariables.map((variable) => (
                    <span key={variable} className="block">
                      {variable}: {themeValue(theme, variable)}
                    </span>
                  ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="shape-heading" className="flex flex-col gap-3">
        <h2 id="shape-heading" className="text-lg font-semibold">
          Radii, fonts and breakpoints
        </h2>
        <ul className="flex flex-wrap gap-6">
          {radiusTokens.map((token) => (
            <li key={token.name} className="flex flex-col items-center gap-2 text-sm">
              <span className="block size-16 border-2 border-primary" style={{ borderRadius: token.value }} />
              <span className="font-mono">{token.name.replace('--radius-', 'rounded-')}</span>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
          {[...fontTokens, ...breakpointTokens].map((token) => (
            <div key={token.name} className="contents">
              <dt className="font-mono">{token.name}</dt>
              <dd className="font-mono text-muted">{token.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Page>
  ),
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByTestId('colour-token');
    expect(rows.length).toBe(colorTokens.length);
    expect(rows.length).toBeGreaterThan(10);
  },
};

export const TypeScale: Story = {
  render: () => (
    <Page title="Type scale" intro="Tailwind's text-* sizes with their line heights, in the theme's font.">
      <ul className="flex flex-col gap-4">
        {typeScale.map((token) => (
          <li key={token.name} className="flex flex-col gap-1 border-b border-divider pb-3">
            <span className="font-mono text-xs text-muted">
              {token.utility}: {token.value} / {token.lineHeight}
            </span>
            <span style={{ fontSize: `var(${token.name})`, lineHeight: `var(${token.name}--line-height)` }}>
              Night Drive by The Midnight Hours
            </span>
          </li>
        ))}
      </ul>
      <ul className="flex flex-wrap gap-6">
        {fontWeights.map((token) => (
          <li key={token.name} className="flex flex-col">
            <span style={{ fontWeight: token.value }}>Aa</span>
            <span className="font-mono text-xs text-muted">
              {token.name.replace('--font-weight-', 'font-')}
            </span>
          </li>
        ))}
      </ul>
    </Page>
  ),
};

const SPACING_STEPS = [0.5, 1, 1.5, 2, 3, 4, 6, 8, 12, 16];

export const Spacing: Story = {
  render: () => (
    <Page title="Spacing" intro={`Every p-N, m-N, gap-N and size-N is N x --spacing (${spacingUnit}).`}>
      <ul className="flex flex-col gap-2">
        {SPACING_STEPS.map((step) => (
          <li key={step} className="flex items-center gap-4 text-sm">
            <span className="w-24 font-mono">{`gap-${step}`}</span>
            <span className="block h-4 bg-primary" style={{ width: `calc(var(--spacing) * ${step})` }} />
            <span className="font-mono text-muted">{`calc(${spacingUnit} * ${step})`}</span>
          </li>
        ))}
      </ul>
    </Page>
  ),
};

export const Icons: Story = {
  render: () => (
    <Page
      title="Icons"
      intro={`The ${productIcons.length} lucide icons the apps and packages import (found in their sources), each from lucide-react/icons/<name>.`}
    >
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3">
        {productIcons.map(({ name, usedIn, Icon }) => (
          <li
            key={name}
            className="flex flex-col items-center gap-2 rounded-panel border border-divider p-3 text-center"
            data-testid="product-icon"
          >
            <Icon aria-hidden className="size-6" />
            <span className="font-mono text-xs break-all">{name}</span>
            <span className="text-xs text-muted">{usedIn.map((path) => path.split('/')[1]).join(', ')}</span>
          </li>
        ))}
      </ul>
    </Page>
  ),
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getAllByTestId('product-icon').length).toBeGreaterThan(20);
  },
};
