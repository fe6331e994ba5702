import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cva, cx, type VariantProps } from '../../lib/variants';

/** The classes of design/contracts/components/icon-button.contract.json. */
export const iconButton = cva('', {
  variants: {
    tone: {
      ghost: 'icon-btn rounded-md text-fg-muted hover:bg-bg-subtle hover:text-fg',
      outline: 'icon-btn rounded-md border border-border bg-surface text-fg hover:bg-bg-subtle',
    },
    size: {
      sm: 'size-8',
      md: 'size-10',
    },
  },
  defaultVariants: { tone: 'ghost', size: 'md' },
});

export type IconButtonProps = VariantProps<typeof iconButton> &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-label' | 'children'> & {
    /** The accessible name: the action ("Close dialog"), not the picture ("X icon"). */
    label: string;
    /** Exactly one svg icon; it is hidden from assistive technology. */
    icon: ReactNode;
    /** A toggle: sets aria-pressed (the selected state). */
    pressed?: boolean;
    type?: 'button' | 'submit' | 'reset';
    ref?: Ref<HTMLButtonElement>;
  };

/** A square button whose only content is an icon, named by aria-label. */
export function IconButton({ tone, size, label, icon, pressed, type = 'button', className, ref, ...rest }: IconButtonProps) {
  return (
    <button {...rest} ref={ref} type={type} aria-label={label} aria-pressed={pressed} className={cx(iconButton({ tone, size }), className)}>
      <span className="inline-flex size-4 items-center justify-center" aria-hidden="true">
        {icon}
      </span>
    </button>
  );
}
