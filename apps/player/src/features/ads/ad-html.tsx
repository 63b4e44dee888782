import { sanitizeAd } from './sanitize-ad';

/** Its own chunk: the sanitiser loads only on pages where an ad is configured. */
export default function AdHtml({ html }: { html: string }) {
  return <div className="contents" dangerouslySetInnerHTML={{ __html: sanitizeAd(html) }} />;
}
