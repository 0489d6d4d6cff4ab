import { useRef } from 'react';
import { Modal } from '../../../components/Modal';
import { PostGroupForm } from './PostGroupForm';

export interface PostGroupModalProps {
  open: boolean;
  onClose: () => void;
}

export function PostGroupModal({ open, onClose }: PostGroupModalProps) {
  const titleRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Post a group project"
      description="Say what you are building and who you are looking for."
      initialFocusRef={titleRef}
    >
      <PostGroupForm titleRef={titleRef} onClose={onClose} />
    </Modal>
  );
}
