import type { ReactNode } from 'react';
import styles from './FormField.module.css';

export interface FormActionsProps {
  /** The form is being sent: the submit button says so and is busy (not disabled, so it keeps its focus). */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** A dialog's Cancel; a page's form has none. */
  onCancel?: () => void;
  /** What follows the buttons on the same row (a link to where the saved thing shows). */
  children?: ReactNode;
}

/** A form's submit button (and a dialog's Cancel), the same in every form. */
export function FormActions({ pending, submitLabel, pendingLabel, onCancel, children }: FormActionsProps) {
  return (
    <div className={styles.actions}>
      <button
        type="submit"
        className={styles.primary}
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
      >
        {pending ? pendingLabel : submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
      ) : null}
      {children}
    </div>
  );
}
