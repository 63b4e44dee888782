import { APPEARANCE_EDITOR_SOURCE, type TAppearanceEditorMessage } from '@cadence/contracts/appearance';
import type { TAppUrls } from '@cadence/contracts/bootstrap';

type WithoutSource<T> = T extends unknown ? Omit<T, 'source'> : never;
export type TPreviewMessage = WithoutSource<TAppearanceEditorMessage>;

function originOf(url: string): string {
  return new URL(url, window.location.href).origin;
}

/**
 * Where the preview loads: the player beside the editor when both share an origin (relative, so
 * it also holds whatever host the admin is browsed on), else the player's own deployment.
 */
export function previewTarget(urls: TAppUrls | undefined, path = '/'): { src: string; origin: string } {
  const address = `${path}?appearanceEditor=true`;
  if (!urls || originOf(urls.player) === originOf(urls.admin)) {
    return { src: address, origin: window.location.origin };
  }
  return { src: `${urls.player.replace(/\/+$/, '')}${address}`, origin: originOf(urls.player) };
}

/** The landing page's sections preview the landing page; everything else the home page. */
export function previewPathFor(editorPath: string): string {
  return editorPath.startsWith('/appearance/landing-page') ? '/landing' : '/';
}

/** Posts one message to the preview frame, to its origin only. */
export function postToPreview(
  frame: HTMLIFrameElement | null,
  origin: string,
  message: TPreviewMessage,
): void {
  frame?.contentWindow?.postMessage({ ...message, source: APPEARANCE_EDITOR_SOURCE }, origin);
}
