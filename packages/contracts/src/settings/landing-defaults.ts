import type { TLandingSettings } from '../appearance';

/** The landing page the appearance editor starts from. */
export const defaultLanding: TLandingSettings = {
  header_title: 'Connect on {site}',
  header_subtitle:
    'Discover, stream, and share a constantly expanding mix of music from emerging and major artists.',
  header_image: 'images/landing/landing-header-bg.jpg',
  header_image_opacity: 0.2,
  header_overlay_color_1: 'rgba(16,119,34,0.56)',
  header_overlay_color_2: 'rgba(42,148,71,1)',
  footer_title: 'Make music? Create audio?',
  footer_subtitle: 'Get on {site}, help your audience discover your sounds, and let your audience grow.',
  footer_image: 'images/landing/landing-footer-bg.jpg',
  pricing_title: 'Simple pricing, for everyone.',
  pricing_subtitle: 'Choose the plan that fits how you listen and create.',
  show_trending_artists: true,
  show_pricing: false,
  actions: {
    input_text: 'Search for artists, albums and tracks...',
    input_button: 'Search',
    cta1: { label: 'Signup Now', type: 'route', action: '/register' },
    cta2: { label: 'Explore', type: 'route', action: '/discover' },
    cta3: { label: 'Sign up for free', type: 'route', action: '/register' },
  },
  primary_features: [],
  secondary_features: [
    {
      title: 'Listen on any device, anywhere',
      subtitle: 'Complete Freedom',
      description:
        'Stream on your phone, tablet or computer and pick up where you left off. Your library follows you.',
      image: 'images/landing/landing-feature-1.jpg',
    },
    {
      title: 'Go Pro: no ads, more upload time',
      subtitle: 'Pro plan',
      description:
        'Upgrade for ad-free listening, unlimited upload time, downloads and a Pro badge on your profile.',
      image: 'images/landing/landing-feature-2.jpg',
    },
  ],
};
