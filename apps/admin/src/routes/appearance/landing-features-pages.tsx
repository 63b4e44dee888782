import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { BackLink } from './back-link';
import { SectionHeader, TextArea, TextInput } from './editor-fields';
import { ImageField } from './image-field';
import { moveItem, SortableList } from './sortable-list';
import { useLanding } from './use-landing';

export function FeaturesPage({ kind }: { kind: 'primary_features' | 'secondary_features' }) {
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
