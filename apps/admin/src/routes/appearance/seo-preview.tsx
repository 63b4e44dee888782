import { useTrans } from '@cadence/app-shell/use-trans';
import { previewSeoTemplate } from '@cadence/contracts/seo-placeholders';

/**
 * How a search result would show the page: the template's title and description filled with
 * sample values. An empty title is replaced by the original template's, as the api does.
 */
export function SeoPreview({
  template,
  original,
  siteName,
}: {
  template: string;
  original: string;
  siteName: string;
}) {
  const { trans } = useTrans();
  const own = previewSeoTemplate(template, siteName);
  const title = own.title || previewSeoTemplate(original, siteName).title || siteName;
  return (
    <section
      aria-label={trans('Preview with sample values')}
      className="rounded-panel border border-divider bg-paper p-3 text-sm"
    >
      <p className="text-xs text-muted">{trans('Preview with sample values')}</p>
      <p className="mt-1 font-medium text-fg" data-testid="seo-preview-title">
        {title}
      </p>
      <p className="text-muted" data-testid="seo-preview-description">
        {own.description || trans('No description.')}
      </p>
    </section>
  );
}
