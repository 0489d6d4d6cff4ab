import type { Project } from '@openlfg/contracts';
import { Modal } from '../../../components/Modal';
import { IssuesView } from './IssuesView';

export interface IssuesModalProps {
  /** The project whose issues to show; null when closed. */
  project: Project | null;
  onClose: () => void;
}

/** The open issues of a project, in a dialog titled with its name. */
export function IssuesModal({ project, onClose }: IssuesModalProps) {
  return (
    <Modal
      open={project !== null}
      onClose={onClose}
      size="large"
      title={project?.name ?? ''}
      description={project ? `Open issues of ${project.repoExt} on GitHub` : undefined}
    >
      {project ? <IssuesView project={project} /> : null}
    </Modal>
  );
}
