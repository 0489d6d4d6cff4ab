import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountCard } from '../../../session/components/AccountCard';
import { LoginButton } from '../../../session/components/LoginButton';
import {
  CreatedGroupsView,
  MyGroupsView,
  MyRequestsView,
  SavedGroupsView,
} from '../../../features/groups/components/MyGroupLists';
import { UnreadBadge } from '../../../features/messages/components/UnreadBadge';
import { SavedProjects } from '../../../features/projects/components/SavedProjects';
import { useSession } from '../../../session/session-context';
import { ViewTabs } from './ViewTabs';
import { parseMyProjectsView } from './view';
import styles from './MyProjectsPage.module.css';

const VIEW_TEXT = {
  groups: {
    heading: 'My groups',
    text: 'The groups you own or joined.',
  },
  created: {
    heading: 'Posted by me',
    text: 'The group projects you posted.',
  },
  'saved-groups': {
    heading: 'Saved groups',
    text: 'The group projects you saved from the list.',
  },
  requests: {
    heading: 'My requests',
    text: "Your requests to join private groups: those waiting, and the owners' answers of the last 30 days.",
  },
  projects: {
    heading: 'Saved projects',
    text: 'The open source projects you saved from the projects list, to come back to when you are ready.',
  },
} as const;

export function MyProjectsPage() {
  useDocumentTitle('My projects');
  const { search } = useLocation();
  const view = parseMyProjectsView(search);
  const { heading, text } = VIEW_TEXT[view];
  const { isLoggedIn, isLoginLoading } = useSession();

  return (
    <>
      <PageHeader title="My projects">
        Everything you are involved in: your groups and the projects you saved.
      </PageHeader>
      {isLoginLoading ? (
        <Spinner />
      ) : isLoggedIn ? (
        <>
          <AccountCard />
          <ViewTabs selected={view} />
          <section aria-labelledby="my-projects-view-heading" className={styles.section}>
            <h2 id="my-projects-view-heading" className={styles.heading}>
              {heading}
            </h2>
            <p className={styles.text}>{text}</p>
            <div className={styles.content}>
              {view === 'projects' ? <SavedProjects /> : null}
              {view === 'groups' ? (
                <MyGroupsView
                  extraBadge={(groupProjectId) => <UnreadBadge groupProjectId={groupProjectId} />}
                />
              ) : null}
              {view === 'created' ? <CreatedGroupsView /> : null}
              {view === 'saved-groups' ? <SavedGroupsView /> : null}
              {view === 'requests' ? <MyRequestsView /> : null}
            </div>
          </section>
        </>
      ) : (
        <section aria-labelledby="my-projects-sign-in" className={styles.signIn}>
          <h2 id="my-projects-sign-in" className={styles.heading}>
            Sign in to see your projects
          </h2>
          <p className={styles.text}>
            Your groups and saved projects are tied to your GitHub account. Sign in to see them here.
          </p>
          <div>
            <LoginButton className={styles.login} returnTo={`/my-projects${search}`} />
          </div>
        </section>
      )}
    </>
  );
}
