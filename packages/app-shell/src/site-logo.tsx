import { Logo } from '@cadence/ui/logo';
import { assetUrl } from './asset-url';
import { useSettings } from './use-bootstrap-data';
import { useActiveTheme } from './use-theme';

/** The branding logo matching the active theme (light or dark variant). */
export function SiteLogo({ className }: { className?: string }) {
  const { branding } = useSettings();
  const isDarkTheme = useActiveTheme()?.is_dark ?? false;
  return (
    <Logo
      lightSrc={assetUrl(branding.logo_light)}
      darkSrc={assetUrl(branding.logo_dark)}
      isDarkTheme={isDarkTheme}
      alt={branding.site_name}
      className={className}
    />
  );
}
