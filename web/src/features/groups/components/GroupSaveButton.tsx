import type { GroupSummary } from '@openlfg/contracts';
import { SaveToggleButton } from '../../../components/SaveToggleButton';
import { useSignInPrompt } from '../../../session/use-sign-in-prompt';
import { useSavedGroups } from '../api/get-saved-groups';
import { useToggleGroupSave } from '../api/save-group';

/** Save or unsave a group project (the shared toggle, with the groups' saved list and mutation). */
export function GroupSaveButton({ group }: { group: GroupSummary }) {
  const savedGroups = useSavedGroups();
  const account = useSignInPrompt();
  const toggle = useToggleGroupSave();
  return (
    <SaveToggleButton
      name={group.title}
      inSavedList={savedGroups.data?.data.some((item) => item.groupProjectId === group.groupProjectId)}
      mutation={toggle}
      account={account}
      onToggle={(save) => toggle.mutate({ group, save })}
    />
  );
}
