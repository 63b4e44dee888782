import type { MouseEvent, ReactNode } from 'react';
import { useCallback } from 'react';
import { NavLink, useHref, useNavigate } from 'react-router';
import { resolveAppLink, type TAppLink } from './app-links';
import { getBootstrapData, hasBootstrapData } from './bootstrap-store';

/** The current app's basename: '' for the player, '/admin' or '/backstage'. */
export function useAppBasename(): string {
  return useHref('/').replace(/\/$/, '');
}

/** Where the apps are deployed (bootstrap `app_urls`); fixed for the page's life. */
function appUrls() {
  return hasBootstrapData() ? getBootstrapData().app_urls : undefined;
}

export function useAppLink(href: string): TAppLink {
  return resolveAppLink(href, useAppBasename(), appUrls());
}

/** Follows an app link from code (menu actions): routed here, or a full page load. */
export function useOpenAppLink(): (href: string) => void {
  const basename = useAppBasename();
  const navigate = useNavigate();
  return useCallback(
    (href: string) => {
      const link = resolveAppLink(href, basename, appUrls());
      if (link.kind === 'route') navigate(link.to);
      else window.location.assign(link.href);
    },
    [basename, navigate],
  );
}

interface AppLinkProps {
  href: string;
  target?: string | null;
  className?: string | ((state: { isActive: boolean }) => string);
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}

/** A NavLink for this app's paths, a plain anchor (full page load) for anything else. */
export function AppLink({ href, target, className, onClick, children }: AppLinkProps) {
  const link = useAppLink(href);
  if (link.kind === 'document') {
    const resolved = typeof className === 'function' ? className({ isActive: false }) : className;
    return (
      <a
        href={link.href}
        target={target ?? undefined}
        rel={target === '_blank' ? 'noreferrer' : undefined}
        className={resolved}
        onClick={onClick}
      >
        {children}
      </a>
    );
  }
  return (
    <NavLink
      to={link.to}
      end={link.to === '/'}
      target={target ?? undefined}
      className={className}
      onClick={onClick}
    >
      {children}
    </NavLink>
  );
}
