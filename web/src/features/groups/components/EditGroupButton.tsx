import type { GroupProject } from '@openlfg/contracts';
import { useCallback, useRef, useState } from 'react';
import { Modal } from '../../../components/Modal';
import buttons from '../../../components/buttons.module.css';
import { PostGroupForm } from './PostGroupForm';

/** "Edit group" for its owner: the posting form, filled with the group as it is. */
export function EditGroupButton({ group, discordUrl }: { group: GroupProject; discordUrl: string | null }) {
  const [open, setOpen] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" className={buttons.action} onClick={() => setOpen(true)}>
        Edit group
      </button>
      <Modal
        open={open}
        onClose={close}
        title="Edit group"
        description="Change what the group says; members stay."
        initialFocusRef={titleRef}
      >
        {open ? <PostGroupForm titleRef={titleRef} onClose={close} editing={{ group, discordUrl }} /> : null}
      </Modal>
    </>
  );
}
