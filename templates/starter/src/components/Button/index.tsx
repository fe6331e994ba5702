import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cva, cx, type VariantProps } from '../../lib/variants';

/** The classes of design/contracts/components/button.contract.json. */
export const button = cva('', {
  variants: {
    intent: {
      primary: 'btn rounded-md font-medium bg-primary text-on-primary hover:bg-primary-hover',
      secondary: 'btn rounded-md font-medium border border-border bg-surface text-fg hover:bg-bg-subtle',
      ghost: 'btn rounded-md font-medium text-primary hover:bg-bg-subtle',
      danger: 'btn rounded-md font-medium bg-danger-solid text-on-primary hover:bg-danger-solid-hover',
    },
    size: {
      sm: 'h-8 px-3 gap-1 text-sm',
      md: 'h-10 px-4 gap-2 text-sm',
      lg: 'h-12 px-6 gap-2 text-base',
    },
  },
  defaultVariants: { intent: 'secondary', size: 'md' },
});

export type ButtonProps = VariantProps<typeof button> &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
    /** Always stated: a button without a type submits its form. */
    type?: 'button' | 'submit' | 'reset';
    /** Keeps the label, adds a spinner and sets aria-busy; the button does nothing while loading. */
    loading?: boolean;
    /** Decorative icons (aria-hidden), before and after the label. */
    leadingIcon?: ReactNode;
    trailingIcon?: ReactNode;
    ref?: Ref<HTMLButtonElement>;
  };

/** Triggers an action in place: saving, submitting, opening a dialog. */
export function Button({ intent, size, type = 'button', loading = false, leadingIcon, trailingIcon, className, children, onClick, ref, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      aria-busy={loading || undefined}
      className={cx(button({ intent, size }), className)}
      onClick={(event) => {
        // aria-disabled keeps the button focusable (to explain why) but it must not act.
        if (loading || rest['aria-disabled'] === true || rest['aria-disabled'] === 'true') {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading ? <Spinner /> : leadingIcon ? <span aria-hidden="true">{leadingIcon}</span> : null}
      {children}
      {trailingIcon ? <span aria-hidden="true">{trailingIcon}</span> : null}
    </button>
  );
}

function Spinner() {
  return (
    <svg className="size-4 motion-safe:animate-spin" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 3a9 9 0 1 0 9 9" strokeLinecap="round" />
    </svg>
  );
}
