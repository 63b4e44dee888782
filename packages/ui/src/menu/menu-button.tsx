import {
  type ButtonHTMLAttributes,
  type ReactNode,
  type RefObject,
  Suspense,
  useId,
  useRef,
  useState,
} from 'react';

export interface MenuButtonMenuProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onOpenChange: (isOpen: boolean) => void;
  autoFocus: 'first' | 'last';
  'aria-labelledby': string;
}

export interface MenuButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'onClick' | 'type'> {
  /** The trigger's content. */
  children: ReactNode;
  /** Starts loading the menu's code: called on hover, focus and press, before the menu opens. */
  preload: () => Promise<unknown>;
  /** The open menu, usually a lazy component rendering `MenuPopover` from `@cadence/ui/menu`. */
  renderMenu: (props: MenuButtonMenuProps) => ReactNode;
}

/**
 * A menu's trigger as a native button: the menu itself (react-aria) loads when the pointer comes
 * near or focus arrives, so pages carry none of it until someone reaches for a menu.
 * Enter, Space and ArrowDown open on the first item, ArrowUp on the last (the ARIA menu button).
 */
export function MenuButton({
  children,
  preload,
  renderMenu,
  onPointerEnter,
  onPointerDown,
  onFocus,
  onKeyDown,
  id,
  ...props
}: MenuButtonProps) {
  const ownId = useId();
  const triggerId = id ?? ownId;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [autoFocus, setAutoFocus] = useState<'first' | 'last' | null>(null);
  const isOpen = autoFocus !== null;
  const load = () => void preload().catch(() => undefined);
  const close = () => {
    setAutoFocus(null);
    // The popover gives focus back itself on Escape; after an action focus may be lost.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) triggerRef.current?.focus();
    });
  };
  return (
    <>
      <button
        {...props}
        ref={triggerRef}
        id={triggerId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onPointerEnter={(event) => {
          load();
          onPointerEnter?.(event);
        }}
        onPointerDown={(event) => {
          load();
          onPointerDown?.(event);
        }}
        onFocus={(event) => {
          load();
          onFocus?.(event);
        }}
        onClick={() => (isOpen ? close() : setAutoFocus('first'))}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setAutoFocus(event.key === 'ArrowUp' ? 'last' : 'first');
        }}
      >
        {children}
      </button>
      {autoFocus && (
        <Suspense fallback={null}>
          {renderMenu({
            triggerRef,
            onOpenChange: (open) => !open && close(),
            autoFocus,
            'aria-labelledby': triggerId,
          })}
        </Suspense>
      )}
    </>
  );
}
