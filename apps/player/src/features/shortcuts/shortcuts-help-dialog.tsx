import { useTrans } from '@cadence/app-shell/use-trans';
import { Dialog, DialogBody, DialogHeader } from '@cadence/ui/dialog';
import { SHORTCUTS } from './shortcut-list';

export function ShortcutsHelpDialog({ onClose }: { onClose: () => void }) {
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      size="sm"
      aria-label={trans('Keyboard shortcuts')}
    >
      <DialogHeader>{trans('Keyboard shortcuts')}</DialogHeader>
      <DialogBody className="pb-6">
        <dl className="flex flex-col gap-2 text-sm">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.label} className="flex items-center justify-between gap-4">
              <dt className="text-muted">{trans(shortcut.label)}</dt>
              <dd className="flex gap-1">
                {shortcut.keys.map((key) => (
                  <kbd
                    key={key}
                    className="rounded border border-divider bg-chip px-1.5 py-0.5 font-mono text-xs"
                  >
                    {key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogBody>
    </Dialog>
  );
}
