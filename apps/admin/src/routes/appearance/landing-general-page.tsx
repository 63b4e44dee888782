import { useTrans } from '@cadence/app-shell/use-trans';
import type { TLandingSettings } from '@cadence/contracts/appearance';
import { BackLink } from './back-link';
import { CheckInput, SectionHeader, TextArea, TextInput } from './editor-fields';
import { ImageField } from './image-field';
import { useLanding } from './use-landing';

/** /admin/appearance/landing-page/general: header, bottom call to action and pricing texts. */
export function LandingGeneralPage() {
  const { trans } = useTrans();
  const { landing, change } = useLanding();
  const text = (key: keyof TLandingSettings, label: string, isArea = false) => {
    const Field = isArea ? TextArea : TextInput;
    return (
      <Field
        label={trans(label)}
        value={String(landing[key] ?? '')}
        onChange={(value: string) => change((l) => void Object.assign(l, { [key]: value }))}
      />
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance/landing-page" label={trans('Landing page')} />
      <SectionHeader title={trans('General')} />
      {text('header_title', 'Header title')}
      {text('header_subtitle', 'Header subtitle', true)}
      <ImageField
        label={trans('Header image')}
        value={landing.header_image}
        onChange={(value) =>
          change((l) => {
            l.header_image = value;
          })
        }
      />
      <TextInput
        type="number"
        label={trans('Header image opacity')}
        description={trans('From 0 (hidden) to 1.')}
        value={String(landing.header_image_opacity)}
        onChange={(value) =>
          change((l) => {
            const number = Number(value);
            l.header_image_opacity = Number.isFinite(number) ? Math.min(1, Math.max(0, number)) : 0;
          })
        }
      />
      {text('header_overlay_color_1', 'Header overlay color 1')}
      {text('header_overlay_color_2', 'Header overlay color 2')}
      {text('footer_title', 'Footer title')}
      {text('footer_subtitle', 'Footer subtitle', true)}
      <ImageField
        label={trans('Footer image')}
        value={landing.footer_image}
        onChange={(value) =>
          change((l) => {
            l.footer_image = value;
          })
        }
      />
      <CheckInput
        label={trans('Show trending artists')}
        isSelected={landing.show_trending_artists}
        onChange={(value) =>
          change((l) => {
            l.show_trending_artists = value;
          })
        }
      />
      <CheckInput
        label={trans('Show pricing')}
        description={trans('Only when subscriptions are enabled.')}
        isSelected={landing.show_pricing}
        onChange={(value) =>
          change((l) => {
            l.show_pricing = value;
          })
        }
      />
      {text('pricing_title', 'Pricing title')}
      {text('pricing_subtitle', 'Pricing subtitle', true)}
    </div>
  );
}
