import styles from './FormField.module.css';

export interface FormActionsProps {
  /** The form is being sent: the submit button says so and is busy (not disabled, so it keeps its focus). */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
}

/** A form's submit and Cancel buttons, the same in every dialog. */
export function FormActions({ pending, submitLabel, pendingLabel, onCancel }: FormActionsProps) {
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
      <button type="button" className={styles.secondary} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
