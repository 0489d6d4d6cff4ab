import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ViewTabs } from '../components/ViewTabs';
import { parseMyProjectsView } from '../view';
import styles from './MyProjectsPage.module.css';

const VIEW_TEXT = {
  groups: {
    heading: 'My groups',
    text: 'The group projects you posted, the groups you joined and the groups you asked to join.',
  },
  projects: {
    heading: 'Saved projects',
    text: 'The open source projects you saved from the projects list, to come back to when you are ready.',
  },
} as const;

export function MyProjectsPage() {
  useDocumentTitle('My projects');
  const view = parseMyProjectsView(useLocation().search);
  const { heading, text } = VIEW_TEXT[view];

  return (
    <>
      <PageHeader title="My projects">
        Everything you are involved in: your groups and the projects you saved.
      </PageHeader>
      <ViewTabs selected={view} />
      <section aria-labelledby="my-projects-view-heading" className={styles.section}>
        <h2 id="my-projects-view-heading" className={styles.heading}>
          {heading}
        </h2>
        <p className={styles.text}>{text}</p>
      </section>
    </>
  );
}
