import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { useBootstrapData } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { APPEARANCE_PREVIEW_SOURCE, type TAppearanceResponse } from '@cadence/contracts/appearance';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useBlocker, useLocation } from 'react-router';
import { AppearanceEditorProvider, useAppearanceEditor } from './appearance-editor-context';
import { PanelSwitch, type TAppearancePanel } from './panel-switch';
import { postToPreview, previewPathFor, previewTarget } from './preview-channel';

function PreviewFrame() {
  const { trans } = useTrans();
  const { connectPreview } = useAppearanceEditor();
  const urls = useBootstrapData().app_urls;
  const previewPath = previewPathFor(useLocation().pathname);
  const target = useMemo(() => previewTarget(urls, previewPath), [urls, previewPath]);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // The preview says when it listens; only that frame, from the player's origin, is believed.
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== target.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { source?: unknown; type?: unknown } | null;
      if (data?.source !== APPEARANCE_PREVIEW_SOURCE || data.type !== 'ready') return;
      connectPreview((message) => postToPreview(frame.current, target.origin, message));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [connectPreview, target]);

  return (
    <iframe
      ref={frame}
      src={target.src}
      title={trans('Preview')}
      className="size-full border-0 bg-bg"
      data-testid="appearance-preview"
    />
  );
}

function SaveBar() {
  const { trans } = useTrans();
  const { isDirty, isSaving, save } = useAppearanceEditor();
  return (
    <Button size="sm" onPress={() => void save()} isDisabled={!isDirty || isSaving}>
      {isSaving ? trans('Saving...') : trans('Save')}
    </Button>
  );
}

/** Leaving the editor (not moving between its sections) with unsaved changes asks first. */
function UnsavedGuard() {
  const { trans } = useTrans();
  const { isDirty } = useAppearanceEditor();
  const blocker = useBlocker(
    ({ nextLocation }) => isDirty && !nextLocation.pathname.startsWith('/appearance'),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let cancelled = false;
    void confirmAction({
      title: trans('Leave without saving?'),
      body: trans('Your changes to the appearance have not been saved.'),
      confirmLabel: trans('Leave'),
      isDanger: true,
    }).then((leave) => {
      if (cancelled) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      cancelled = true;
    };
  }, [blocker, trans]);
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
  return null;
}

/**
 * /admin/appearance: the sections on the left, the live player on the right (spec 2.12); on a
 * phone one of the two at a time, full height, with a switch in the header.
 */
export function AppearanceLayout() {
  const { trans } = useTrans();
  const [panel, setPanel] = useState<TAppearancePanel>('edit');
  const appearance = useQuery({
    queryKey: ['admin-appearance'],
    queryFn: () => apiClient.get<TAppearanceResponse>('appearance'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!appearance.data) {
    return (
      <div className="flex h-dvh items-center justify-center bg-bg text-fg">
        {appearance.isError ? (
          <p role="alert">{trans('There was an issue loading this page')}</p>
        ) : (
          <Spinner label={trans('Loading...')} />
        )}
      </div>
    );
  }
  return (
    <AppearanceEditorProvider initial={appearance.data}>
      <UnsavedGuard />
      <div className="flex h-dvh flex-col bg-bg font-sans text-fg md:flex-row">
        <aside
          className={`flex w-full shrink-0 flex-col border-divider border-b bg-bg-alt md:h-dvh md:w-96 md:border-r md:border-b-0 ${panel === 'edit' ? 'max-md:min-h-0 max-md:flex-1' : ''}`}
        >
          <header className="flex h-14 shrink-0 items-center gap-2 border-divider border-b px-3">
            <Link
              to="/"
              className="flex size-10 items-center justify-center rounded-button text-muted hover:bg-fg-base/5 hover:text-fg"
            >
              <ArrowLeftIcon aria-hidden className="size-5" />
              <span className="sr-only">{trans('Back to admin area')}</span>
            </Link>
            <p className="min-w-0 flex-1 truncate font-semibold">{trans('Appearance')}</p>
            <PanelSwitch panel={panel} onChange={setPanel} />
            <SaveBar />
          </header>
          <main className={`flex-1 overflow-y-auto p-4 ${panel === 'preview' ? 'max-md:hidden' : ''}`}>
            <Outlet />
          </main>
        </aside>
        <section
          aria-label={trans('Preview')}
          className={`min-h-0 flex-1 ${panel === 'edit' ? 'max-md:hidden' : ''}`}
        >
          <PreviewFrame />
        </section>
      </div>
    </AppearanceEditorProvider>
  );
}
