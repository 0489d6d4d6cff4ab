import { useRef } from 'react';
import { Modal } from '../../../components/Modal';
import { RequestProjectForm } from './RequestProjectForm';

export interface RequestProjectModalProps {
  open: boolean;
  onClose: () => void;
}

export function RequestProjectModal({ open, onClose }: RequestProjectModalProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Request a project"
      description="Missing a project? Send its GitHub repository and a moderator will add it to the catalogue."
      initialFocusRef={inputRef}
    >
      {open ? <RequestProjectForm inputRef={inputRef} onClose={onClose} /> : null}
    </Modal>
  );
}
