import type { TDebugTrace } from '@cadence/contracts/errors';
import { useEffect, useMemo, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { formatFrame, formatTraceLog, groupFrames, type TTraceFrame } from './error-trace';
import { useTrans } from './use-trans';

export interface ErrorDialogProps {
  trace: TDebugTrace;
  onClose: () => void;
}

/** Spec 2.3 full-screen error dialog, shown when the server returns a debug trace. */
export default function ErrorDialog({ trace, onClose }: ErrorDialogProps) {
  const { trans } = useTrans();
  const [isVendorExpanded, setIsVendorExpanded] = useState(false);
  const groups = useMemo(() => groupFrames(trace.trace), [trace]);
  const logUrl = useLogUrl(trace);

  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(isOpen) => !isOpen && onClose()}
      className="fixed inset-0 z-50 bg-bg"
    >
      <Modal className="size-full overflow-auto">
        <Dialog
          className="mx-auto flex max-w-6xl flex-col gap-6 p-6 text-fg outline-none"
          data-testid="error-dialog"
        >
          <header className="flex items-start justify-between gap-4">
            <div>
              <p className="font-mono text-sm text-danger">{trace.exception}</p>
              <Heading slot="title" className="mt-1 text-xl font-semibold">
                {trace.message}
              </Heading>
              {trace.file && (
                <p className="mt-1 font-mono text-xs text-muted">
                  {trace.file}
                  {trace.line !== undefined && `:${trace.line}`}
                </p>
              )}
            </div>
            <div className="flex shrink-0 items-center gap-3">
              {logUrl && (
                <a href={logUrl} download="error-log.txt" className="text-sm text-primary underline">
                  {trans('Download log')}
                </a>
              )}
              <Button onPress={onClose} className="rounded-button border border-divider px-3 py-1 text-sm">
                {trans('Close')}
              </Button>
            </div>
          </header>
          {trace.snippet && <CodeSnippet snippet={trace.snippet} />}
          <section>
            <div className="mb-2 flex items-center justify-between">
              <h3 className="font-semibold">{trans('Stack trace')}</h3>
              <Button
                onPress={() => setIsVendorExpanded((value) => !value)}
                className="text-sm text-primary underline"
              >
                {isVendorExpanded ? trans('Collapse vendor frames') : trans('Expand vendor frames')}
              </Button>
            </div>
            <ol className="divide-y divide-divider rounded-panel border border-divider font-mono text-xs">
              {groups.map((group) =>
                group.kind === 'app' ? (
                  <FrameRow key={group.index} frame={group.frame} />
                ) : (
                  <VendorGroup key={group.index} frames={group.frames} isExpanded={isVendorExpanded} />
                ),
              )}
            </ol>
          </section>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function FrameRow({ frame }: { frame: TTraceFrame }) {
  return <li className="px-3 py-2 break-all">{formatFrame(frame)}</li>;
}

function VendorGroup({ frames, isExpanded }: { frames: TTraceFrame[]; isExpanded: boolean }) {
  const { trans } = useTrans();
  const [isOpen, setIsOpen] = useState(isExpanded);
  useEffect(() => setIsOpen(isExpanded), [isExpanded]);
  return (
    <li className="bg-bg-alt">
      <Button onPress={() => setIsOpen((value) => !value)} className="w-full px-3 py-2 text-left text-muted">
        {trans(':count vendor frames', { count: frames.length })}
      </Button>
      {isOpen && (
        <ol className="divide-y divide-divider text-muted">
          {frames.map((frame, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: frames are static and may repeat
            <FrameRow key={index} frame={frame} />
          ))}
        </ol>
      )}
    </li>
  );
}

function CodeSnippet({ snippet }: { snippet: NonNullable<TDebugTrace['snippet']> }) {
  return (
    <pre className="overflow-auto rounded-panel bg-bg-alt py-2 font-mono text-xs">
      {snippet.lines.map((text, offset) => {
        const number = snippet.startLine + offset;
        const isFailing = number === snippet.highlightLine;
        return (
          <div
            key={number}
            className={isFailing ? 'bg-danger/20' : undefined}
            data-failing={isFailing || undefined}
          >
            <span className="inline-block w-12 pr-3 text-right text-muted select-none">{number}</span>
            {text}
          </div>
        );
      })}
    </pre>
  );
}

function useLogUrl(trace: TDebugTrace): string | null {
  const url = useMemo(() => {
    if (typeof URL.createObjectURL !== 'function') return null;
    return URL.createObjectURL(new Blob([formatTraceLog(trace)], { type: 'text/plain' }));
  }, [trace]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
