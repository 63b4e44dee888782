import { useTrans } from '@cadence/app-shell/use-trans';
import type { TLandingSettings } from '@cadence/contracts/appearance';
import { Button } from '@cadence/ui/button';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import { Link } from 'react-router';
import { useAppearanceEditor } from './appearance-editor-context';
import { BackLink } from './back-link';
import { CheckInput, SectionHeader, SelectInput, TextArea, TextInput } from './editor-fields';
import { ImageField } from './image-field';
import { moveItem, SortableList } from './sortable-list';

function useLanding() {
  const { draft, update } = useAppearanceEditor();
  const change = (edit: (landing: TLandingSettings) => void) =>
    update(
      (next) => edit(next.settings.landing),
      (next) => ({ type: 'setValues', values: { settings: { landing: next.settings.landing } } }),
    );
  return { landing: draft.settings.landing, change };
}

const SECTIONS = [
  { to: 'general', label: 'General' },
  { to: 'action-buttons', label: 'Action buttons' },
  { to: 'primary-features', label: 'Primary features' },
  { to: 'secondary-features', label: 'Secondary features' },
] as const;

/** /admin/appearance/landing-page: its four sections. */
export function LandingSectionsPage() {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance" />
      <SectionHeader title={trans('Landing page')} />
      <ul className="flex flex-col gap-1">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="flex items-center rounded-panel border border-divider bg-paper px-4 py-3 font-medium hover:border-primary"
            >
              <span className="flex-1">{trans(section.label)}</span>
              <ChevronRightIcon aria-hidden className="size-4 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

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

type TCta = 'cta1' | 'cta2' | 'cta3';
const CTA_LABELS: Record<TCta, string> = {
  cta1: 'Header button 1',
  cta2: 'Header button 2',
  cta3: 'Footer button',
};

/** /admin/appearance/landing-page/action-buttons: the search box and the three buttons. */
export function LandingActionsPage() {
  const { trans } = useTrans();
  const { landing, change } = useLanding();
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance/landing-page" label={trans('Landing page')} />
      <SectionHeader title={trans('Action buttons')} />
      <TextInput
        label={trans('Search placeholder')}
        value={landing.actions.input_text}
        onChange={(value) =>
          change((l) => {
            l.actions.input_text = value;
          })
        }
      />
      <TextInput
        label={trans('Search button')}
        value={landing.actions.input_button}
        onChange={(value) =>
          change((l) => {
            l.actions.input_button = value;
          })
        }
      />
      {(Object.keys(CTA_LABELS) as TCta[]).map((key) => (
        <fieldset key={key} className="flex flex-col gap-2 rounded-panel border border-divider p-3">
          <legend className="px-1 text-sm font-semibold">{trans(CTA_LABELS[key])}</legend>
          <TextInput
            label={trans('Label')}
            value={landing.actions[key].label}
            onChange={(value) =>
              change((l) => {
                l.actions[key].label = value;
              })
            }
          />
          <SelectInput
            label={trans('Type')}
            value={landing.actions[key].type}
            onChange={(value) =>
              change((l) => {
                l.actions[key].type = value === 'link' ? 'link' : 'route';
              })
            }
            options={[
              { value: 'route', label: trans('Route') },
              { value: 'link', label: trans('Link') },
            ]}
          />
          <TextInput
            label={trans('Action')}
            value={landing.actions[key].action}
            onChange={(value) =>
              change((l) => {
                l.actions[key].action = value;
              })
            }
          />
        </fieldset>
      ))}
    </div>
  );
}

function FeaturesPage({ kind }: { kind: 'primary_features' | 'secondary_features' }) {
  const { trans } = useTrans();
  const { landing, change } = useLanding();
  const features = landing[kind];
  const title = kind === 'primary_features' ? trans('Primary features') : trans('Secondary features');
  const setField = (index: number, key: string, value: string) =>
    change((l) => {
      const feature = l[kind][index];
      if (feature) Object.assign(feature, { [key]: value });
    });
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance/landing-page" label={trans('Landing page')} />
      <SectionHeader title={title}>
        <Button
          size="sm"
          variant="outline"
          onPress={() =>
            change((l) => {
              if (kind === 'primary_features')
                l.primary_features.push({ title: '', subtitle: '', image: '' });
              else l.secondary_features.push({ title: '', subtitle: '', description: '', image: '' });
            })
          }
        >
          {trans('Add feature')}
        </Button>
      </SectionHeader>
      {features.length === 0 && <p className="text-sm text-muted">{trans('No features yet.')}</p>}
      <SortableList
        label={title}
        items={features.map((feature, index) => ({ feature, key: `${index}` }))}
        getKey={(entry) => entry.key}
        getLabel={(entry) =>
          entry.feature.title || trans('Feature :number', { number: String(Number(entry.key) + 1) })
        }
        onMove={(from, to) =>
          change((l) => {
            if (kind === 'primary_features') l.primary_features = moveItem(l.primary_features, from, to);
            else l.secondary_features = moveItem(l.secondary_features, from, to);
          })
        }
        renderItem={({ feature }, index) => (
          <div className="flex flex-col gap-2 py-2">
            <TextInput
              label={trans('Title')}
              value={feature.title}
              onChange={(v) => setField(index, 'title', v)}
            />
            <TextInput
              label={trans('Subtitle')}
              value={feature.subtitle}
              onChange={(v) => setField(index, 'subtitle', v)}
            />
            {'description' in feature && (
              <TextArea
                label={trans('Description')}
                value={String(feature.description)}
                onChange={(v) => setField(index, 'description', v)}
              />
            )}
            <ImageField
              label={trans('Image')}
              value={feature.image}
              onChange={(v) => setField(index, 'image', v)}
            />
            <div>
              <Button
                size="xs"
                variant="outline"
                onPress={() => change((l) => void l[kind].splice(index, 1))}
              >
                {trans('Remove feature')}
              </Button>
            </div>
          </div>
        )}
      />
    </div>
  );
}

export function LandingPrimaryFeaturesPage() {
  return <FeaturesPage kind="primary_features" />;
}

export function LandingSecondaryFeaturesPage() {
  return <FeaturesPage kind="secondary_features" />;
}
