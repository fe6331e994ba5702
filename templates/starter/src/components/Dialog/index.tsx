import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from '../IconButton';
import { cva, cx, type VariantProps } from '../../lib/variants';
import { focusableIn } from './focusable';

/** The classes of design/contracts/components/dialog.contract.json. */
export const dialog = cva('dialog flex w-full flex-col gap-4 rounded-lg bg-surface p-6 text-fg shadow-lg', {
  variants: {
    size: {
      sm: 'max-w-sm',
      md: 'max-w-md',
      lg: 'max-w-lg',
    },
  },
  defaultVariants: { size: 'md' },
});

export type DialogProps = VariantProps<typeof dialog> & {
  open: boolean;
  /** Called on Escape and on the close button; the owner sets `open` to false. */
  onClose: () => void;
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  /** The explanatory paragraph (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** The actions row: secondary first, then the one primary or danger button. */
  actions?: ReactNode;
  /** Where focus goes on open; by default the first control after the close button. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The close button's accessible name. */
  closeLabel?: string;
  className?: string;
};

/**
 * A modal window: focus moves inside on open, Tab and Shift+Tab wrap inside it, Escape closes it,
 * and focus returns to the control that opened it. The rest of the page is inert while it is open.
 */
export function Dialog({ open, onClose, title, description, children, actions, initialFocus, closeLabel = 'Close dialog', size, className }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const root = panel.current;
    if (!open || !root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = root.parentElement;
    // The page behind is inert: no focus, no clicks, hidden from assistive technology.
    const made = [...document.body.children].filter((el) => el !== container && !el.hasAttribute('inert'));
    for (const el of made) el.setAttribute('inert', '');
    const [close, ...rest] = focusableIn(root);
    (initialFocus?.current ?? rest[0] ?? close)?.focus();
    return () => {
      for (const el of made) el.removeAttribute('inert');
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusableIn(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !panel.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panel.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div>
      <div className="dialog-backdrop" aria-hidden="true" />
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={description === undefined ? undefined : descriptionId} className={cx(dialog({ size }), className)} onKeyDown={onKeyDown}>
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {title}
          </h2>
          <IconButton label={closeLabel} size="sm" onClick={onClose} icon={<CloseIcon />} />
        </div>
        {description === undefined ? null : (
          <p id={descriptionId} className="text-sm text-fg-muted">
            {description}
          </p>
        )}
        {children}
        {actions === undefined ? null : <div className="flex justify-end gap-2">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}

function CloseIcon() {
  return (
    <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M6 6l12 12" />
      <path d="M18 6L6 18" />
    </svg>
  );
}
