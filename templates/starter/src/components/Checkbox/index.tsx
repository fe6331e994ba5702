import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cva, cx } from '../../lib/variants';

/** The classes of design/contracts/components/checkbox.contract.json. */
export const checkbox = cva('', {
  variants: {
    layout: {
      inline: 'checkbox inline-flex items-center gap-2 text-sm text-fg',
      described: 'checkbox flex items-start gap-3 text-sm text-fg',
    },
  },
  defaultVariants: { layout: 'inline' },
});

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  /** The visible label; the whole label is the click target. */
  label: ReactNode;
  /** A description below the label switches to the described layout, linked with aria-describedby. */
  description?: ReactNode;
  /** Neither checked nor unchecked (a "select all" box): exposed as aria-checked="mixed". */
  indeterminate?: boolean;
  /** Marks the value as wrong; the message belongs next to the group. */
  invalid?: boolean;
};

/** A native checkbox inside its label, for independent on/off choices. */
export function Checkbox({ label, description, indeterminate = false, invalid = false, className, id, ...rest }: CheckboxProps) {
  const input = useRef<HTMLInputElement>(null);
  const generated = useId();
  const descriptionId = `${id ?? generated}-description`;
  const labelId = `${id ?? generated}-label`;
  // indeterminate is a property, not an attribute: it can only be set from script.
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const layout = description === undefined ? 'inline' : 'described';
  return (
    <label className={cx(checkbox({ layout }), className)}>
      <input
        {...rest}
        ref={input}
        id={id}
        type="checkbox"
        aria-invalid={invalid || undefined}
        // The description sits inside the label (the whole label is the click target): name the box by its label text only.
        aria-labelledby={description === undefined ? rest['aria-labelledby'] : labelId}
        aria-describedby={description === undefined ? rest['aria-describedby'] : descriptionId}
        className="checkbox-input size-4 rounded-sm border border-border accent-primary"
      />
      {description === undefined ? (
        label
      ) : (
        <span className="flex flex-col gap-1">
          <span id={labelId}>{label}</span>
          <span id={descriptionId} className="text-fg-muted">
            {description}
          </span>
        </span>
      )}
    </label>
  );
}
