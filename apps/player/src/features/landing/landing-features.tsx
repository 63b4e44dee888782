import { assetUrl } from '@cadence/app-shell/asset-url';
import { useTrans } from '@cadence/app-shell/use-trans';
import { clsx } from 'clsx';
import type { TLandingFeature } from './landing-settings';

export function PrimaryFeatures({ features }: { features: TLandingFeature[] }) {
  const { trans } = useTrans();
  if (features.length === 0) return null;
  return (
    <section
      aria-label={trans('Features')}
      className="mx-auto grid max-w-6xl gap-8 px-6 py-16 md:grid-cols-3"
    >
      {features.map((feature) => (
        <div key={feature.title} className="flex flex-col items-center gap-3 text-center">
          {feature.image && <img src={assetUrl(feature.image)} alt="" className="size-16 object-contain" />}
          <h3 className="text-lg font-semibold">{trans(feature.title)}</h3>
          {feature.subtitle && <p className="text-muted">{trans(feature.subtitle)}</p>}
        </div>
      ))}
    </section>
  );
}

/** Image and text side by side, alternating sides. */
export function SecondaryFeatures({ features }: { features: TLandingFeature[] }) {
  const { trans } = useTrans();
  if (features.length === 0) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-20 px-6 py-16">
      {features.map((feature, index) => (
        <section
          key={feature.title}
          className={clsx(
            'flex flex-col items-center gap-10 md:flex-row',
            index % 2 === 1 && 'md:flex-row-reverse',
          )}
        >
          {feature.image && (
            <img
              src={assetUrl(feature.image)}
              alt=""
              loading="lazy"
              className="aspect-[9/7] w-full rounded-panel object-cover shadow-xl md:w-1/2"
            />
          )}
          <div className="flex flex-col gap-3 md:w-1/2">
            {feature.subtitle && (
              <span className="text-sm font-semibold tracking-wide text-primary uppercase">
                {trans(feature.subtitle)}
              </span>
            )}
            <h2 className="text-3xl font-bold">{trans(feature.title)}</h2>
            {feature.description && <p className="text-lg text-muted">{trans(feature.description)}</p>}
          </div>
        </section>
      ))}
    </div>
  );
}
