import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '../cx';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Keeps the label for assistive technology but hides it visually. */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, an optional hint and an error text, wired together with ids. */
export function Field({ label, hideLabel, hint, error, required, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={controlId} className={cx('text-sm font-medium text-gray-800', hideLabel && 'sr-only')}>
        {label}
        {required && (
          <span className="text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

// `read-only` also matches every <select>, so only text controls get the read-only shade.
const controlClasses = (invalid: boolean, className?: string, textControl = true) =>
  cx(
    'w-full rounded-md border bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500',
    'focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary',
    'disabled:cursor-not-allowed disabled:bg-gray-100',
    textControl && 'read-only:bg-gray-50',
    invalid ? 'border-danger' : 'border-gray-300',
    className,
  );

interface LabelledProps {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  /** Classes of the wrapper (label + control + texts). */
  fieldClassName?: string;
}

type ControlProps = LabelledProps & { id?: string; required?: boolean; className?: string };

/**
 * Splits a labelled control's props: the Field's (label, texts, id), the classes of the control itself, and the
 * rest, which go to the control element.
 */
function splitFieldProps<P extends ControlProps>({
  label,
  hideLabel,
  hint,
  error,
  fieldClassName,
  id,
  required,
  className,
  ...rest
}: P) {
  return {
    field: { label, hideLabel, hint, error, id, required, className: fieldClassName },
    required,
    invalid: Boolean(error),
    className,
    rest,
  };
}

export type TextInputProps = LabelledProps & ComponentPropsWithRef<'input'>;

export function TextInput(props: TextInputProps) {
  const { field, required, invalid, className, rest } = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <input {...control} required={required} className={controlClasses(invalid, className)} {...rest} />
      )}
    </Field>
  );
}

export type TextAreaProps = LabelledProps & ComponentPropsWithRef<'textarea'>;

export function TextArea(props: TextAreaProps) {
  const { field, required, invalid, className, rest } = splitFieldProps(props);
  const { rows = 4, ...textAreaProps } = rest;
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          required={required}
          className={controlClasses(invalid, className)}
          {...textAreaProps}
        />
      )}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectProps = LabelledProps &
  ComponentPropsWithRef<'select'> & {
    options?: readonly SelectOption[];
    /** A first, empty choice such as "Select City". */
    placeholder?: string;
  };

export function Select(props: SelectProps) {
  const { field, required, invalid, className, rest } = splitFieldProps(props);
  const { options, placeholder, children, ...selectProps } = rest;
  return (
    <Field {...field}>
      {(control) => (
        <select
          {...control}
          required={required}
          className={controlClasses(invalid, className, false)}
          {...selectProps}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      )}
    </Field>
  );
}
