import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cva, cx, type VariantProps } from '../../lib/variants';

/** The tab list's classes of design/contracts/components/tabs.contract.json. */
export const tabList = cva('', {
  variants: {
    appearance: {
      underline: 'tab-list flex gap-1 border-b border-border',
      contained: 'tab-list inline-flex gap-1 rounded-md bg-bg-subtle p-1 text-fg',
    },
  },
  defaultVariants: { appearance: 'underline' },
});

/** One tab's classes: its size, and the focus ring. */
export const tab = cva('tab font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus-ring', {
  variants: {
    size: {
      sm: 'px-3 py-1 text-sm',
      md: 'px-4 py-2 text-sm',
    },
  },
  defaultVariants: { size: 'md' },
});

const SELECTED = { underline: 'border-b-2 border-primary text-primary', contained: 'rounded-md bg-surface text-fg' } as const;
const UNSELECTED = 'text-fg-muted hover:text-fg';

export interface TabItem {
  /** Unique among the tabs; part of the tab's and panel's ids. */
  readonly id: string;
  readonly label: ReactNode;
  readonly panel: ReactNode;
  readonly disabled?: boolean;
}

export type TabsProps = VariantProps<typeof tabList> &
  VariantProps<typeof tab> & {
    /** Two to six tabs. */
    items: readonly TabItem[];
    /** Names the tab list (aria-label). */
    label: string;
    /** The selected tab, when the owner controls it. */
    selectedId?: string;
    /** The tab selected first, when Tabs keeps the state itself. */
    defaultSelectedId?: string;
    onSelectedChange?: (id: string) => void;
    className?: string;
  };

/**
 * A tab list with its panels (WAI-ARIA tabs, automatic activation): arrow keys move focus to the
 * next or previous tab and select it, wrapping; Home and End go to the first and last; only the
 * selected tab is in the Tab order, so Tab leaves the list for the active panel.
 */
export function Tabs({ items, label, selectedId, defaultSelectedId, onSelectedChange, appearance = 'underline', size, className }: TabsProps) {
  const base = useId();
  const [own, setOwn] = useState(defaultSelectedId ?? items.find((i) => !i.disabled)?.id);
  const selected = selectedId ?? own;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const enabled = items.filter((i) => !i.disabled);

  const select = (id: string) => {
    if (selectedId === undefined) setOwn(id);
    onSelectedChange?.(id);
  };
  const move = (id: string | undefined) => {
    if (id === undefined) return;
    select(id);
    buttons.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((i) => i.id === selected);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: enabled.length - 1 }[event.key];
    if (next === undefined || enabled.length === 0) return;
    event.preventDefault();
    move(enabled[(next + enabled.length) % enabled.length]?.id);
  };

  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;
  return (
    <div className={cx('tabs', className)}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={tabList({ appearance })} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) buttons.current.set(item.id, el);
                else buttons.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={isSelected}
              aria-controls={panelId(item.id)}
              aria-disabled={item.disabled || undefined}
              tabIndex={isSelected ? 0 : -1}
              className={cx(tab({ size }), isSelected ? SELECTED[appearance] : UNSELECTED)}
              onClick={() => {
                if (!item.disabled) select(item.id);
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div key={item.id} role="tabpanel" id={panelId(item.id)} aria-labelledby={tabId(item.id)} tabIndex={0} hidden={item.id !== selected} className="tab-panel pt-4 text-sm text-fg">
          {item.panel}
        </div>
      ))}
    </div>
  );
}
