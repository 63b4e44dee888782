import { clsx } from 'clsx';
import XIcon from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { IconButton } from '../icon-button/icon-button';

/** Opens the Drawer it wraps from its first child (a Button), and marks that child expanded. */
export const DrawerTrigger = DialogTrigger;

export interface DrawerProps {
  /** The drawer's visible heading, which also names the dialog. */
  title: ReactNode;
  children: ReactNode;
  /** Controlled mode; inside a DrawerTrigger the trigger's state is used when these are absent. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  side?: 'start' | 'end';
  closeLabel?: string;
  /** Shown above the heading (a logo, say). */
  header?: ReactNode;
  className?: string;
}

/**
 * A modal panel sliding in from the side of the screen: navigation on narrow screens. Focus moves
 * in and stays there until Escape, the close button or a press on the backdrop closes it; focus
 * then returns to what opened it.
 */
export function Drawer({
  title,
  children,
  isOpen,
  onOpenChange,
  side = 'start',
  closeLabel = 'Close',
  header,
  className,
}: DrawerProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 bg-black/60 data-entering:animate-fade-in motion-reduce:animate-none"
    >
      <Modal
        className={clsx(
          'fixed inset-y-0 flex w-72 max-w-[85vw] flex-col bg-bg-alt text-fg shadow-2xl outline-none motion-reduce:animate-none',
          side === 'start'
            ? 'start-0 border-e border-divider data-entering:animate-drawer-in-start rtl:data-entering:animate-drawer-in-end'
            : 'end-0 border-s border-divider data-entering:animate-drawer-in-end rtl:data-entering:animate-drawer-in-start',
        )}
      >
        <Dialog className={clsx('flex min-h-0 flex-1 flex-col outline-none', className)}>
          {header && <div className="px-4 pt-4">{header}</div>}
          <div className="flex items-center gap-2 px-4 pt-3 pb-2">
            <Heading slot="title" className="flex-1 text-sm font-semibold text-muted">
              {title}
            </Heading>
            <IconButton slot="close" aria-label={closeLabel} size="sm" className="-me-2">
              <XIcon aria-hidden />
            </IconButton>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-4">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
