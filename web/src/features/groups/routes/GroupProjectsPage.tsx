import { PageHeader } from '../../../components/PageHeader';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function GroupProjectsPage() {
  useDocumentTitle('Looking for group');
  return (
    <PageHeader title="Looking for group">
      Find people to build with. Browse the projects other developers are forming groups around and join one,
      or post your own project and say who you are looking for.
    </PageHeader>
  );
}
