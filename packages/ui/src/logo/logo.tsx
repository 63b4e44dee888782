import { clsx } from 'clsx';

export interface LogoProps {
  /** Logo drawn for light backgrounds (settings branding.logo_dark). */
  darkSrc?: string | null;
  /** Logo drawn for dark backgrounds (settings branding.logo_light). */
  lightSrc?: string | null;
  /** Whether the surrounding theme is dark; picks the light logo when true. */
  isDarkTheme: boolean;
  /** Usually the site name. */
  alt: string;
  className?: string;
}

/** Falls back to the other variant, then to the site name as text, so a logo never vanishes. */
export function Logo({ darkSrc, lightSrc, isDarkTheme, alt, className }: LogoProps) {
  const src = isDarkTheme ? lightSrc || darkSrc : darkSrc || lightSrc;
  if (!src) return <span className={clsx('text-xl font-bold text-fg', className)}>{alt}</span>;
  return <img src={src} alt={alt} className={clsx('block h-10 w-auto', className)} />;
}
