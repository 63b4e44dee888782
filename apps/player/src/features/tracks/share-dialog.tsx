import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogHeader } from '@cadence/ui/dialog';
import { useState } from 'react';
import { absoluteUrl } from '../catalogue/urls';

/** Spec 9: copy feedback lasts 1 second. */
const COPY_FEEDBACK_MS = 1000;

function CopyField({ label, value }: { label: string; value: string }) {
  const { trans } = useTrans();
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value);
    setIsCopied(true);
    setTimeout(() => setIsCopied(false), COPY_FEEDBACK_MS);
  };
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <span className="flex gap-2">
        <input
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          className="h-10 min-w-0 flex-1 rounded-input border border-divider bg-transparent px-3 text-sm"
        />
        <Button variant="outline" onPress={copy}>
          {isCopied ? trans('Copied!') : trans('Copy')}
        </Button>
      </span>
    </label>
  );
}

/** Link and embed code for a track or album. */
export function ShareDialog({
  title,
  path,
  embedPath,
  onClose,
}: {
  title: string;
  path: string;
  embedPath?: string;
  onClose: () => void;
}) {
  const { trans } = useTrans();
  const embed = embedPath
    ? `<iframe width="100%" height="180" src="${absoluteUrl(embedPath)}" frameborder="0" allow="autoplay; encrypted-media" title="${title.replace(/"/g, '&quot;')}"></iframe>`
    : null;
  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="md" aria-label={trans('Share')}>
      <DialogHeader>{trans('Share ":name"', { name: title })}</DialogHeader>
      <DialogBody className="flex flex-col gap-4 pb-6">
        <CopyField label={trans('Link')} value={absoluteUrl(path)} />
        {embed && <CopyField label={trans('Embed code')} value={embed} />}
      </DialogBody>
    </Dialog>
  );
}
