import { assetUrl } from '@cadence/app-shell/asset-url';
import { SiteLogo } from '@cadence/app-shell/site-logo';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useMenuItems } from '@cadence/app-shell/use-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import SearchIcon from 'lucide-react/icons/search';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageViewBeacon } from '../features/analytics/use-page-view-beacon';
import { LandingAction } from '../features/landing/landing-action';
import { PrimaryFeatures, SecondaryFeatures } from '../features/landing/landing-features';
import { readLandingSettings } from '../features/landing/landing-settings';
import { TrendingArtists } from '../features/landing/trending-artists';
import { MenuLink } from '../layout/menu-link';
import { SiteFooter } from '../layout/site-footer';

/** /landing: the sections of the appearance editor's landing page (settings `landing.*`). */
export function LandingPage() {
  usePageViewBeacon();
  const { trans } = useTrans();
  const settings = useSettings();
  const siteName = settings.branding.site_name;
  const landing = useMemo(() => readLandingSettings(settings, siteName), [settings, siteName]);
  const navItems = useMenuItems('landing-page-navbar');
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) navigate(`/search/${encodeURIComponent(query.trim())}`);
  };
  const overlay = [landing.header_overlay_color_1, landing.header_overlay_color_2].filter(Boolean);
  return (
    <div className="min-h-dvh bg-bg font-sans text-fg" data-testid="landing-page">
      <header className="relative isolate overflow-hidden text-white">
        {landing.header_image && (
          <img
            src={assetUrl(landing.header_image)}
            alt=""
            className="absolute inset-0 -z-20 size-full object-cover"
            style={{ opacity: landing.header_image_opacity }}
          />
        )}
        <div
          className="absolute inset-0 -z-10"
          style={{
            background:
              overlay.length > 0 ? `linear-gradient(45deg, ${overlay.join(', ')})` : 'rgb(0 0 0 / 0.6)',
          }}
        />
        <nav aria-label={trans('Main')} className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-5">
          <Link to="/" aria-label={siteName}>
            <SiteLogo className="h-9 w-auto" />
          </Link>
          <div className="ml-auto flex items-center gap-5 text-sm font-medium">
            {navItems.map((item) => (
              <MenuLink key={item.id} item={item} className="hover:underline" />
            ))}
            {isLoggedIn ? (
              <Link to="/" className="rounded-button bg-white/15 px-4 py-2 hover:bg-white/25">
                {trans('Open player')}
              </Link>
            ) : (
              <Link to="/login" className="rounded-button bg-white/15 px-4 py-2 hover:bg-white/25">
                {trans('Login')}
              </Link>
            )}
          </div>
        </nav>
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-6 pt-20 pb-28 text-center">
          <h1 className="text-4xl font-black md:text-6xl">{trans(landing.header_title)}</h1>
          {landing.header_subtitle && (
            <p className="text-lg text-white/85 md:text-xl">{trans(landing.header_subtitle)}</p>
          )}
          <form
            onSubmit={onSearch}
            className="flex w-full max-w-xl overflow-hidden rounded-button bg-white shadow-xl"
          >
            <label className="flex min-w-0 flex-1 items-center gap-2 px-4 text-black">
              <SearchIcon aria-hidden className="size-5 text-black/50" />
              <span className="sr-only">{trans('Search')}</span>
              <input
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={trans(landing.actions.input_text ?? 'Search')}
                className="h-12 min-w-0 flex-1 bg-transparent outline-none placeholder:text-black/50"
              />
            </label>
            <button type="submit" className="shrink-0 bg-primary px-4 font-semibold text-on-primary md:px-6">
              {trans(landing.actions.input_button ?? 'Search')}
            </button>
          </form>
          <div className="flex flex-wrap justify-center gap-3">
            <LandingAction action={landing.actions.cta1} isPrimary />
            <LandingAction action={landing.actions.cta2} />
          </div>
        </div>
      </header>
      <main>
        <PrimaryFeatures features={landing.primary_features} />
        {landing.show_trending_artists && <TrendingArtists />}
        <SecondaryFeatures features={landing.secondary_features} />
        {landing.show_pricing && settings.billing.enable && (
          <section className="mx-auto flex max-w-3xl flex-col items-center gap-3 px-6 py-16 text-center">
            <h2 className="text-3xl font-bold">{trans(landing.pricing_title)}</h2>
            <p className="text-muted">{trans(landing.pricing_subtitle)}</p>
            <Link to="/pricing" className="text-primary hover:underline">
              {trans('See plans')}
            </Link>
          </section>
        )}
        <section className="relative isolate overflow-hidden text-white">
          {landing.footer_image && (
            <img
              src={assetUrl(landing.footer_image)}
              alt=""
              loading="lazy"
              className="absolute inset-0 -z-20 size-full object-cover"
            />
          )}
          <div className="absolute inset-0 -z-10 bg-black/50" />
          <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-6 py-24 text-center">
            <h2 className="text-3xl font-bold md:text-4xl">{trans(landing.footer_title)}</h2>
            {landing.footer_subtitle && (
              <p className="text-lg text-white/85">{trans(landing.footer_subtitle)}</p>
            )}
            <LandingAction action={landing.actions.cta3} isPrimary />
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
