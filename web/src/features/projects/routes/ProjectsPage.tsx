import { PageHeader } from '../../../components/PageHeader';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function ProjectsPage() {
  useDocumentTitle('Open source projects');
  return (
    <PageHeader title="Open source projects">
      Find an open source project to contribute to. Each project shows its open issues, so you can pick
      something to work on, and you can save the projects you want to come back to.
    </PageHeader>
  );
}
