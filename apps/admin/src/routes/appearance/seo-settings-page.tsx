import { useTrans } from '@cadence/app-shell/use-trans';
import { SEO_TEMPLATE_KEYS, type TSeoTemplateKey } from '@cadence/contracts/appearance';
import { defaultSeoTemplates } from '@cadence/contracts/seo';
import { unknownSeoPlaceholderMessage, unknownSeoPlaceholders } from '@cadence/contracts/seo-placeholders';
import { Button } from '@cadence/ui/button';
import { useAppearanceEditor } from './appearance-editor-context';
import { BackLink } from './back-link';
import { SectionHeader, TextArea } from './editor-fields';
import { SeoPreview } from './seo-preview';

const LABELS: Record<TSeoTemplateKey, string> = {
  artist_page: 'Artist page',
  album_page: 'Album page',
  track_page: 'Track page',
  playlist_page: 'Playlist page',
  landing_page: 'Landing page',
  channel_page: 'Channel page',
  user_profile_page: 'User profile page',
  search_page: 'Search page',
};

/**
 * /admin/appearance/seo-settings: one head template per page (design 6). An override replaces the
 * shipped template until "Reset to original". Each shows its title and description filled with sample
 * values, and names a placeholder its page does not know (the api refuses to save it).
 */
export function SeoSettingsPage() {
  const { trans } = useTrans();
  const { draft, update, siteName } = useAppearanceEditor();
  const set = (key: TSeoTemplateKey, value: string | null) =>
    update((next) => {
      next.settings.seo[key] = value;
    });
  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/appearance" />
      <SectionHeader title={trans('SEO')} />
      <p className="text-sm text-muted">
        {trans(
          'Each template is the head of a page. Placeholders such as {{album.name}} are filled in and escaped. Changes apply to pages served after you save.',
        )}
      </p>
      {SEO_TEMPLATE_KEYS.map((key) => {
        const value = draft.settings.seo[key];
        const original = defaultSeoTemplates[key];
        const template = value ?? original;
        const unknown = unknownSeoPlaceholders(key, template)[0];
        return (
          <div key={key} className="flex flex-col gap-2">
            <TextArea
              label={trans(LABELS[key])}
              value={template}
              errorMessage={unknown === undefined ? undefined : unknownSeoPlaceholderMessage(key, unknown)}
              onChange={(next) => set(key, next === original || next.trim() === '' ? null : next)}
              rows={6}
              isCode
              description={
                value === null ? trans('The original template.') : trans('Changed from the original.')
              }
            />
            <SeoPreview template={template} original={original} siteName={siteName} />
            <div>
              <Button size="xs" variant="outline" isDisabled={value === null} onPress={() => set(key, null)}>
                {trans('Reset to original')}
              </Button>
            </div>
          </div>
        );
      })}
    </div>
  );
}
