import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cva, cx } from '../../lib/variants';

/** The classes of design/contracts/components/text-field.contract.json. */
export const textField = cva('', {
  variants: {
    validation: {
      default: 'field-input w-full rounded-md border bg-surface text-fg border-border',
      invalid: 'field-input w-full rounded-md border bg-surface text-fg border-danger-fg',
    },
    size: {
      sm: 'h-8 px-2 text-sm',
      md: 'h-10 px-3 text-sm',
    },
  },
  defaultVariants: { validation: 'default', size: 'md' },
});

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'children'> & {
  /** The visible label (a placeholder is never the label). */
  label: ReactNode;
  /** Help shown under the field, linked with aria-describedby. */
  hint?: ReactNode;
  /** What is wrong and how to fix it: switches to the invalid variant and replaces the hint. */
  error?: ReactNode;
  size?: 'sm' | 'md';
};

/** A labelled single-line text input with its hint or error message. */
export function TextField({ label, hint, error, size, id, className, type = 'text', ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const invalid = error !== undefined && error !== null && error !== false;
  const messageId = `${inputId}-${invalid ? 'error' : 'hint'}`;
  const message = invalid ? error : hint;
  const describedBy = cx(rest['aria-describedby'], message === undefined ? undefined : messageId) || undefined;
  return (
    <div className={cx('field flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        {...rest}
        id={inputId}
        type={type}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={textField({ validation: invalid ? 'invalid' : 'default', size })}
      />
      {message === undefined ? null : (
        <p id={messageId} className={invalid ? 'text-xs text-danger-fg' : 'text-xs text-fg-muted'}>
          {message}
        </p>
      )}
    </div>
  );
}
