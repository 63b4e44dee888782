import { clsx } from 'clsx';
import type { ReactElement, ReactNode } from 'react';
import {
  Tooltip as AriaTooltip,
  type TooltipProps as AriaTooltipProps,
  TooltipTrigger,
} from 'react-aria-components';

/** Spec 9: tooltip delay 1500 ms, closing grace 500 ms. */
export const TOOLTIP_DELAY_MS = 1500;
export const TOOLTIP_CLOSE_DELAY_MS = 500;

export interface TooltipProps {
  label: ReactNode;
  /** A focusable element, e.g. an IconButton. */
  children: ReactElement;
  placement?: AriaTooltipProps['placement'];
  delay?: number;
  closeDelay?: number;
  isDisabled?: boolean;
  className?: string;
}

export function Tooltip({
  label,
  children,
  placement = 'top',
  delay = TOOLTIP_DELAY_MS,
  closeDelay = TOOLTIP_CLOSE_DELAY_MS,
  isDisabled,
  className,
}: TooltipProps) {
  return (
    <TooltipTrigger delay={delay} closeDelay={closeDelay} isDisabled={isDisabled}>
      {children}
      <AriaTooltip
        placement={placement}
        offset={6}
        className={clsx('max-w-64 rounded-md bg-fg-base px-2 py-1 text-xs text-bg shadow-lg', className)}
      >
        {label}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
