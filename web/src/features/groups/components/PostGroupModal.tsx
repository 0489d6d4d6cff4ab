import { useRef } from 'react';
import { Modal } from '../../../components/Modal';
import { PostGroupForm, type PostGroupFormProps } from './PostGroupForm';

export interface PostGroupModalProps {
  open: boolean;
  onClose: () => void;
  /** The group its owner edits: the dialog edits it rather than posting a new one. */
  editing?: PostGroupFormProps['editing'];
  prefill?: PostGroupFormProps['prefill'];
}

/** The posting form in its dialog, for a new group or (with `editing`) for its owner's changes to one. */
export function PostGroupModal({ open, onClose, editing, prefill }: PostGroupModalProps) {
  const titleRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editing ? 'Edit group' : 'Post a group project'}
      description={
        editing
          ? 'Change what the group says; members stay.'
          : 'Say what you are building and who you are looking for.'
      }
      initialFocusRef={titleRef}
    >
      <PostGroupForm titleRef={titleRef} onClose={onClose} editing={editing} prefill={prefill} />
    </Modal>
  );
}
