import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAppearanceSettings } from '@cadence/contracts/appearance';
import { useAppearanceEditor } from './appearance-editor-context';
import { BackLink } from './back-link';
import { SectionHeader, TextArea, TextInput } from './editor-fields';
import { ImageField } from './image-field';

type TBrandingKey = keyof TAppearanceSettings['branding'];

const IMAGES: { key: Exclude<TBrandingKey, 'site_description'>; label: string }[] = [
  { key: 'logo_light', label: 'Light logo' },
  { key: 'logo_dark', label: 'Dark logo' },
  { key: 'logo_light_mobile', label: 'Mobile light logo' },
  { key: 'logo_dark_mobile', label: 'Mobile dark logo' },
  { key: 'favicon', label: 'Favicon' },
];

/** /admin/appearance/general: site name, logos (light, dark, mobile) and favicon. */
export function GeneralPage() {
  const { trans } = useTrans();
  const { draft, update, siteName } = useAppearanceEditor();
  const branding = draft.settings.branding;
  const set = (key: TBrandingKey, value: string) =>
    update(
      (next) => {
        next.settings.branding[key] = value;
      },
      { type: 'setValues', values: { settings: { branding: { [key]: value } } } },
    );

  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance" />
      <SectionHeader title={trans('General')} />
      <TextInput
        label={trans('Site name')}
        value={siteName}
        isReadOnly
        description={trans('Set with the APP_NAME environment variable of the server.')}
      />
      <TextArea
        label={trans('Site description')}
        value={branding.site_description}
        onChange={(value) => set('site_description', value)}
        rows={3}
      />
      {IMAGES.map(({ key, label }) => (
        <ImageField
          key={key}
          label={trans(label)}
          value={branding[key]}
          onChange={(value) => set(key, value)}
        />
      ))}
    </div>
  );
}
