import { VisuallyHidden } from '../../../components/VisuallyHidden';
import buttons from '../../../components/buttons.module.css';

export interface DismissReportsButtonProps {
  /** What the reports are on, named to screen readers: several cards share the page. */
  subject: string;
  pending: boolean;
  onDismiss: () => void;
}

/** A moderator's Dismiss of the open reports on a group or a person; busy while any action on it runs. */
export function DismissReportsButton({ subject, pending, onDismiss }: DismissReportsButtonProps) {
  return (
    <button type="button" className={buttons.action} aria-disabled={pending || undefined} onClick={onDismiss}>
      Dismiss<VisuallyHidden> the reports on {subject}</VisuallyHidden>
    </button>
  );
}
