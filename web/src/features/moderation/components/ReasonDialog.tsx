import { MODERATION_REASON_MAX } from '@openlfg/contracts';
import { ReasonDialog as AnyReasonDialog, type ReasonDialogProps } from '../../../components/ReasonDialog';

export { ACTION_FAILED_MESSAGE } from '../../../components/ReasonDialog';

/** Confirms a moderation action, with the reason that goes into the audit log. */
export function ReasonDialog(props: Omit<ReasonDialogProps, 'reasonMax'>) {
  return <AnyReasonDialog {...props} reasonMax={MODERATION_REASON_MAX} />;
}
