import { render } from '@testing-library/react';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { INTERFACE_ICON_NAMES, icon } from './icon';
import { MENU_ICON_NAMES, MenuIcon } from './menu-icon';

const SPRITE_NAMES = [...new Set<string>([...MENU_ICON_NAMES, ...INTERFACE_ICON_NAMES])].sort();

/** The sprite's text: one symbol per name, holding what lucide's component draws inside its `<svg>`. */
async function spriteFromLucide(): Promise<string> {
  const symbols = await Promise.all(
    SPRITE_NAMES.map(async (name) => {
      // Rendered rather than read from `__iconData`: some names (history, music) are aliases.
      const icon = (await import(`lucide-react/icons/${name}`)) as { default: ComponentType };
      const inner = renderToStaticMarkup(createElement(icon.default))
        .replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>$/, '');
      return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n<title>Icons</title>\n${symbols.join('\n')}\n</svg>\n`;
}

describe('the icon sprite', () => {
  it('has in icons.svg lucide’s drawing of every icon a menu item or a first screen may name', async () => {
    // A mismatch: lucide was upgraded or a name added. `npx vitest run --configLoader runner
    // icon.test -u` (in packages/app-shell) writes the sprite again.
    await expect(await spriteFromLucide()).toMatchFileSnapshot('./icons.svg');
  });

  it('draws the named icon from the sprite, and the music note for a name it does not know', () => {
    const { container } = render(
      <>
        <MenuIcon name="house" />
        <MenuIcon name="no-such-icon" />
        <MenuIcon />
      </>,
    );
    const hrefs = [...container.querySelectorAll('use')].map((use) => use.getAttribute('href'));
    expect(hrefs.map((href) => href?.split('#')[1])).toEqual(['house', 'music', 'music']);
    expect(hrefs[0]).toMatch(/icons\.svg.*#house$|icons-[\w-]+\.svg#house$/);
  });

  it('hides a decorative icon from assistive technology and names a labelled one, filled when asked', () => {
    const { container } = render(
      <>
        {icon('play', { fill: 'currentColor', className: 'size-4' })}
        {icon('clock-3', { 'aria-label': 'Duration' })}
      </>,
    );
    const [play, clock] = [...container.querySelectorAll('svg')];
    expect(play?.getAttribute('aria-hidden')).toBe('true');
    expect(play?.getAttribute('fill')).toBe('currentColor');
    expect(play?.getAttribute('class')).toBe('size-4');
    expect(play?.querySelector('use')?.getAttribute('href')).toMatch(/#play$/);
    expect(clock?.getAttribute('aria-hidden')).toBeNull();
    expect(clock?.getAttribute('role')).toBe('img');
    expect(clock?.getAttribute('aria-label')).toBe('Duration');
    expect(clock?.getAttribute('fill')).toBe('none');
  });
});
