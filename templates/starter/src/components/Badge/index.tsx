import type { ReactNode } from 'react';
import { cva, cx, type VariantProps } from '../../lib/variants';

/** The classes of design/contracts/components/badge.contract.json. */
export const badge = cva('', {
  variants: {
    tone: {
      neutral: 'badge inline-flex items-center rounded-full font-medium bg-bg-subtle text-fg-muted',
      success: 'badge inline-flex items-center rounded-full font-medium bg-success-bg text-success-fg',
      warning: 'badge inline-flex items-center rounded-full font-medium bg-warning-bg text-warning-fg',
      danger: 'badge inline-flex items-center rounded-full font-medium bg-danger-bg text-danger-fg',
      info: 'badge inline-flex items-center rounded-full font-medium bg-info-bg text-info-fg',
    },
    size: {
      sm: 'px-2 py-1 text-xs',
      md: 'px-3 py-1 text-sm',
    },
  },
  defaultVariants: { tone: 'neutral', size: 'sm' },
});

export type BadgeProps = VariantProps<typeof badge> & {
  /** One to three words: the words carry the meaning, the tone only reinforces it. */
  children: ReactNode;
  className?: string;
};

/** A short, non-interactive status or category label. */
export function Badge({ tone, size, className, children }: BadgeProps) {
  return <span className={cx(badge({ tone, size }), className)}>{children}</span>;
}
