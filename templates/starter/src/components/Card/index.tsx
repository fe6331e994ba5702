import { useId, type ReactNode } from 'react';
import { cva, cx, type VariantProps } from '../../lib/variants';

/** The classes of design/contracts/components/card.contract.json. */
export const card = cva('', {
  variants: {
    elevation: {
      flat: 'card rounded-lg border border-border bg-surface text-fg',
      raised: 'card rounded-lg border border-border bg-surface text-fg shadow-sm',
    },
    size: {
      sm: 'p-4',
      md: 'p-6',
    },
  },
  defaultVariants: { elevation: 'flat', size: 'md' },
});

export type CardProps = VariantProps<typeof card> & {
  /** article for a self-contained item, section for a group of settings. */
  as?: 'article' | 'section';
  /** The heading that names the card (aria-labelledby points at it). */
  title: ReactNode;
  /** Shown beside the title: a Badge, say. */
  aside?: ReactNode;
  /** Footer actions: ghost or secondary buttons, at most one primary. */
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** A bordered surface that groups content about one thing. Never nested, never clickable as a whole. */
export function Card({ as: Element = 'article', elevation, size, title, aside, footer, className, children }: CardProps) {
  const titleId = useId();
  return (
    <Element aria-labelledby={titleId} className={cx(card({ elevation, size }), className)}>
      <div className="flex items-start justify-between gap-4">
        <h3 id={titleId} className="text-lg font-semibold text-fg">
          {title}
        </h3>
        {aside}
      </div>
      {children === undefined ? null : <div className="mt-2 text-sm text-fg-muted">{children}</div>}
      {footer === undefined ? null : <div className="mt-4 flex gap-2 border-t border-border pt-4">{footer}</div>}
    </Element>
  );
}
