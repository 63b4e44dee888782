import { clsx } from 'clsx';
import XIcon from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  type DialogProps as AriaDialogProps,
  DialogTrigger as AriaDialogTrigger,
  Heading,
  Modal,
  ModalOverlay,
} from 'react-aria-components';
import { IconButton } from '../icon-button/icon-button';
import { DIALOG_WIDTHS, type TDialogSize } from './dialog-sizes';

/** Opens the Dialog it wraps from its first child (react-aria's trigger, as the ui's own). */
export const DialogTrigger = AriaDialogTrigger;

export interface DialogProps extends Omit<AriaDialogProps, 'className'> {
  size?: TDialogSize;
  /** Controlled mode, for dialogs opened from code rather than by a DialogTrigger. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Close when the backdrop is clicked. Escape always closes unless this dialog forbids it. */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  className?: string;
}

export function Dialog({
  size = 'md',
  isOpen,
  onOpenChange,
  isDismissable = true,
  isKeyboardDismissDisabled,
  className,
  ...props
}: DialogProps) {
  const isFullscreen = size === 'fullscreen';
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className={clsx(
        'fixed inset-0 z-50 flex items-center justify-center bg-black/60',
        !isFullscreen && 'p-4 max-md:p-2',
      )}
    >
      <Modal
        style={isFullscreen ? undefined : { width: DIALOG_WIDTHS[size] }}
        className={clsx(
          'flex max-w-full flex-col overflow-hidden bg-paper text-fg shadow-2xl outline-none',
          isFullscreen ? 'size-full' : 'max-h-[calc(100dvh-2rem)] rounded-panel',
        )}
      >
        <AriaDialog {...props} className={clsx('flex min-h-0 flex-auto flex-col outline-none', className)} />
      </Modal>
    </ModalOverlay>
  );
}

export interface DialogHeaderProps {
  children: ReactNode;
  /** Hide the close (X) button, e.g. for dialogs that demand an explicit choice. */
  hideCloseButton?: boolean;
  closeLabel?: string;
}

export function DialogHeader({ children, hideCloseButton, closeLabel = 'Close' }: DialogHeaderProps) {
  return (
    <div className="flex items-center gap-2 px-6 pt-5 pb-3">
      <Heading slot="title" className="flex-auto text-lg font-semibold">
        {children}
      </Heading>
      {!hideCloseButton && (
        <IconButton slot="close" aria-label={closeLabel} size="sm" className="-mr-2">
          <XIcon aria-hidden />
        </IconButton>
      )}
    </div>
  );
}

export function DialogBody({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={clsx('min-h-0 flex-auto overflow-y-auto px-6 py-2', className)}>{children}</div>;
}

export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={clsx('flex justify-end gap-2 px-6 pt-3 pb-5', className)}>{children}</div>;
}
