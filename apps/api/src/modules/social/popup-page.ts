import type { TSocialAuthMessage } from '@cadence/contracts/auth';
import { scriptSafeJson } from '../../platform/http/script-json';

const scriptJson = (value: unknown) => scriptSafeJson(JSON.stringify(value));

/**
 * The page the social popup ends on (spec 7): posts the result to the opener, addressed to the
 * site's own origin only (a foreign opener receives nothing), then closes itself.
 */
/** `nonce`: the response's CSP script nonce. */
export function socialPopupPage(message: TSocialAuthMessage, appOrigins: string[], nonce: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Social login</title></head>
<body><script nonce="${nonce}">
(function () {
  var message = ${scriptJson(message)};
  var targetOrigins = ${scriptJson(appOrigins)};
  // Each app may live on its own origin: the browser delivers to the opener's origin only.
  if (window.opener) targetOrigins.forEach(function (targetOrigin) { window.opener.postMessage(message, targetOrigin); });
  window.close();
})();
</script></body></html>`;
}
