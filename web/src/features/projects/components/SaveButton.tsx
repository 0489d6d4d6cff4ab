import type { Project } from '@openlfg/contracts';
import { SaveToggleButton } from '../../../components/SaveToggleButton';
import { useSignInPrompt } from '../../../session/use-sign-in-prompt';
import { useSavedProjects } from '../api/get-saved-projects';
import { useToggleProjectSave } from '../api/save-project';

/**
 * Save or unsave a project (the shared toggle, with the projects' saved list and mutation). `saved` is what the
 * project's page already knows, shown until the saved list has loaded.
 */
export function SaveButton({ project, saved }: { project: Project; saved?: boolean }) {
  const savedProjects = useSavedProjects();
  const account = useSignInPrompt();
  const toggle = useToggleProjectSave();
  return (
    <SaveToggleButton
      name={project.name}
      inSavedList={
        savedProjects.data
          ? savedProjects.data.data.some((item) => item.projectId === project.projectId)
          : saved
      }
      mutation={toggle}
      account={account}
      onToggle={(save) => toggle.mutate({ project, save })}
    />
  );
}
