import { AppLink } from '@cadence/app-shell/app-link';
import type { ResolvedMenuItem } from '@cadence/app-shell/use-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { ReactNode } from 'react';

interface MenuLinkProps {
  item: ResolvedMenuItem;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
}

/** External links open in a new tab unless the item says otherwise. */
export function MenuLink({ item, className, children }: MenuLinkProps) {
  const { trans } = useTrans();
  const target = item.target ?? (item.type === 'link' ? '_blank' : null);
  return (
    <AppLink href={item.href} target={target} className={className}>
      {children ?? trans(item.label)}
    </AppLink>
  );
}
