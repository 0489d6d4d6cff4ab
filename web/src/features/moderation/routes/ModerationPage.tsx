import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginButton } from '../../../session/components/LoginButton';
import { useSession } from '../../../session/session-context';
import { useModeratorStatus } from '../api/get-moderator-status';
import { AuditLog } from '../components/AuditLog';
import { CatalogueHealthView } from '../components/CatalogueHealthView';
import { ModerationTabs } from '../components/ModerationTabs';
import { ProjectRequests } from '../components/ProjectRequests';
import { ReportedGroups } from '../components/ReportedGroups';
import { ReportedPeople } from '../components/ReportedPeople';
import { HiddenGroups } from '../components/HiddenGroups';
import { MODERATION_PATH, parseModerationLocation } from '../moderation-location';
import styles from '../components/Moderation.module.css';

/**
 * /admin: the moderators' area. The server checks the role on every call; this page only decides what to show:
 * a sign-in prompt to anonymous visitors, "not allowed" to other users, the five sections to moderators.
 */
export function ModerationPage() {
  useDocumentTitle('Moderation');
  const { isLoggedIn, isLoginLoading } = useSession();
  const status = useModeratorStatus();

  let content;
  if (isLoginLoading || (isLoggedIn && status.isPending)) content = <Spinner label="Loading moderation" />;
  else if (!isLoggedIn) content = <SignInPrompt />;
  else if (status.isError)
    content = (
      <ErrorState
        title="Could not check your moderator role."
        message={errorMessage(status.error, 'Check your connection and try again.')}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  else if (!status.isModerator) content = <NotAllowed />;
  else content = <ModerationArea />;

  return (
    <>
      <PageHeader title="Moderation">
        Project requests, reports, the catalogue sync and the audit log.
      </PageHeader>
      {content}
    </>
  );
}

function ModerationArea() {
  const { search } = useLocation();
  const { tab, page } = parseModerationLocation(search);
  return (
    <>
      <ModerationTabs selected={tab} />
      {tab === 'requests' ? <ProjectRequests page={page} /> : null}
      {tab === 'reports' ? <ReportedGroups page={page} /> : null}
      {tab === 'reports' ? <ReportedPeople page={page} /> : null}
      {tab === 'hidden' ? <HiddenGroups page={page} /> : null}
      {tab === 'catalogue' ? <CatalogueHealthView page={page} /> : null}
      {tab === 'audit' ? <AuditLog page={page} /> : null}
    </>
  );
}

function SignInPrompt() {
  const { search } = useLocation();
  return (
    <section aria-labelledby="moderation-sign-in" className={styles.signIn}>
      <h2 id="moderation-sign-in" className={styles.heading}>
        Sign in to moderate
      </h2>
      <p className={styles.text}>
        This area is for moderators. Sign in with your GitHub account to continue.
      </p>
      <LoginButton className={styles.login} returnTo={`${MODERATION_PATH}${search}`} />
    </section>
  );
}

function NotAllowed() {
  return (
    <section aria-labelledby="moderation-not-allowed" className={styles.signIn}>
      <h2 id="moderation-not-allowed" className={styles.heading}>
        Not allowed
      </h2>
      <p className={styles.text}>
        Only moderators can see this area, and your account is not one of them. If you should be, ask the
        people who run this site to add your GitHub login to its moderators.
      </p>
      <Link to="/" className={styles.link}>
        Back to open source projects
      </Link>
    </section>
  );
}
