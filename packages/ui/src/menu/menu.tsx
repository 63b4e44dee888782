import { clsx } from 'clsx';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  MenuSection as AriaMenuSection,
  MenuTrigger as AriaMenuTrigger,
  Popover,
  type PopoverProps,
  Separator,
} from 'react-aria-components';

/** react-aria's menu trigger and section, as the ui's own. */
export const MenuTrigger = AriaMenuTrigger;
export const MenuSection = AriaMenuSection;

export interface MenuProps<T> extends Omit<AriaMenuProps<T>, 'className'> {
  placement?: PopoverProps['placement'];
  className?: string;
}

/** The dropdown list of a MenuTrigger: `<MenuTrigger><Button/><Menu>...</Menu></MenuTrigger>`. */
export function Menu<T extends object>({ placement = 'bottom end', className, ...props }: MenuProps<T>) {
  return (
    <Popover
      placement={placement}
      offset={4}
      className="min-w-48 overflow-auto rounded-panel bg-paper shadow-xl ring-1 ring-divider outline-none"
    >
      <AriaMenu {...props} className={clsx('max-h-[inherit] overflow-auto p-1 outline-none', className)} />
    </Popover>
  );
}

export interface MenuPopoverProps<T> extends Omit<AriaMenuProps<T>, 'className' | 'autoFocus' | 'onClose'> {
  /** The light trigger (see MenuButton) the popover opens from and is placed against. */
  triggerRef: RefObject<HTMLElement | null>;
  onOpenChange: (isOpen: boolean) => void;
  autoFocus?: 'first' | 'last';
  placement?: PopoverProps['placement'];
  className?: string;
}

/**
 * An open Menu placed against a trigger that is not a react-aria button: MenuButton renders it
 * from a lazy chunk, so react-aria loads on first interaction instead of with the page.
 */
export function MenuPopover<T extends object>({
  triggerRef,
  onOpenChange,
  autoFocus = 'first',
  placement = 'bottom end',
  className,
  ...props
}: MenuPopoverProps<T>) {
  const menuRef = useRef<HTMLDivElement>(null);
  // Mounted in the same commit as the press, react-aria can focus the menu before its items
  // exist; move focus on to the first (or last) item as the menu trigger pattern expects.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const menu = menuRef.current;
      if (!menu || document.activeElement !== menu) return;
      const items = menu.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])');
      (autoFocus === 'last' ? items[items.length - 1] : items[0])?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);
  return (
    <Popover
      isOpen
      onOpenChange={onOpenChange}
      triggerRef={triggerRef}
      placement={placement}
      offset={4}
      className="min-w-48 overflow-auto rounded-panel bg-paper shadow-xl ring-1 ring-divider outline-none"
    >
      <AriaMenu
        {...props}
        ref={menuRef}
        autoFocus={autoFocus}
        onClose={() => onOpenChange(false)}
        className={clsx('max-h-[inherit] overflow-auto p-1 outline-none', className)}
      />
    </Popover>
  );
}

export interface MenuItemProps<T> extends Omit<AriaMenuItemProps<T>, 'className' | 'children'> {
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function MenuItem<T extends object>({ icon, children, className, ...props }: MenuItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue}
      className={clsx(
        'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-fg outline-none',
        'data-focused:bg-fg-base/8 data-disabled:cursor-default data-disabled:text-muted',
        '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted',
        className,
      )}
    >
      {icon}
      <span className="flex-auto">{children}</span>
    </AriaMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className="mx-2 my-1 border-t border-divider" />;
}
