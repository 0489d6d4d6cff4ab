import type { RefObject } from 'react';
import styles from './FormField.module.css';

interface ReasonFieldProps {
  /** A unique prefix (useId) for the field's ids. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  required: boolean;
  error: string | null;
  rows?: number;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * A free-text reason with its character count and error, as the report dialog and the moderators' dialogs ask
 * for one. The count and the error describe the field, so screen readers announce both with it.
 */
export function ReasonField({
  id,
  label,
  value,
  onChange,
  maxLength,
  required,
  error,
  rows = 4,
  inputRef,
}: ReasonFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-reason`} className={styles.label}>
        {label}
      </label>
      <textarea
        ref={inputRef}
        id={`${id}-reason`}
        className={styles.textarea}
        rows={rows}
        required={required}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-count`} className={styles.counter}>
        {value.length}/{maxLength} characters
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
