declare module 'virtual:cadence-product-icons' {
  import type { ComponentType, SVGProps } from 'react';

  export const uiStylesCss: string;
  export const tailwindThemeCss: string;
  export const productIcons: {
    name: string;
    usedIn: string[];
    Icon: ComponentType<SVGProps<SVGSVGElement>>;
  }[];
}
