import { render } from '@testing-library/react';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MENU_ICON_NAMES, MenuIcon } from './menu-icon';

/** The sprite's text: one symbol per name, holding what lucide's component draws inside its `<svg>`. */
async function spriteFromLucide(): Promise<string> {
  const symbols = await Promise.all(
    MENU_ICON_NAMES.map(async (name) => {
      // Rendered rather than read from `__iconData`: some names (history, music) are aliases.
      const icon = (await import(`lucide-react/icons/${name}`)) as { default: ComponentType };
      const inner = renderToStaticMarkup(createElement(icon.default))
        .replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>$/, '');
      return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n<title>Menu icons</title>\n${symbols.join('\n')}\n</svg>\n`;
}

describe('MenuIcon', () => {
  it('has in menu-icons.svg lucide’s drawing of every icon a menu item may name', async () => {
    // A mismatch: lucide was upgraded or a name added. `npx vitest run --configLoader runner
    // menu-icon -u` (in packages/app-shell) writes the sprite again.
    await expect(await spriteFromLucide()).toMatchFileSnapshot('./menu-icons.svg');
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
    expect(hrefs[0]).toMatch(/menu-icons\.svg.*#house$|menu-icons-[\w-]+\.svg#house$/);
  });
});
