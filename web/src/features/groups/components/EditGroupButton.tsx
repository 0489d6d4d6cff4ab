import type { GroupProject } from '@openlfg/contracts';
import { useCallback, useState } from 'react';
import { lazyDialog } from '../../../lib/lazy-component';
import buttons from '../../../components/buttons.module.css';

/**
 * The form (react-hook-form, TypeBox and the contract's schema that check it) loads when its owner first opens
 * it: the group's page shows without it, for everyone else and sooner.
 */
const EditGroupModal = lazyDialog(
  async () => (await import('./PostGroupModal')).PostGroupModal,
  ({ open }) => open,
);

/** "Edit group" for its owner: the posting form, filled with the group as it is. */
export function EditGroupButton({ group, discordUrl }: { group: GroupProject; discordUrl: string | null }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" className={buttons.action} onClick={() => setOpen(true)}>
        Edit group
      </button>
      <EditGroupModal open={open} onClose={close} editing={{ group, discordUrl }} />
    </>
  );
}
