import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ProjectsPage } from '../features/projects/routes/ProjectsPage';
import { Spinner } from '../components/Spinner';
import states from '../components/ResultStates.module.css';
import { CodeSuspense, lazyComponent } from '../lib/lazy-component';
import { Layout } from './Layout';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/**
 * Discover is the landing page: it comes with the main bundle. Every other page loads its code when it is first
 * opened, so a first visit downloads only what it shows.
 */
const pages = {
  issueFinder: lazyComponent(
    async () => (await import('../features/issues/routes/IssueFinderPage')).IssueFinderPage,
  ),
  groupProjects: lazyComponent(
    async () => (await import('../features/groups/routes/GroupProjectsPage')).GroupProjectsPage,
  ),
  groupProject: lazyComponent(
    async () => (await import('./routes/group-page/GroupProjectPage')).GroupProjectPage,
  ),
  project: lazyComponent(
    async () => (await import('./routes/project-page/ProjectPageRoute')).ProjectPageRoute,
  ),
  // An invite link leads into a group's page: it rides in that page's chunk.
  invite: lazyComponent(async () => (await import('./routes/group-page/GroupProjectPage')).InvitePage),
  myProjects: lazyComponent(async () => (await import('./routes/my-projects/MyProjectsPage')).MyProjectsPage),
  notifications: lazyComponent(
    async () => (await import('../features/notifications/lazy-entry')).NotificationsPage,
  ),
  // The settings: the notification email and the people the user blocked.
  settings: lazyComponent(async () => (await import('./routes/settings/SettingsPage')).SettingsPage),
  userProfile: lazyComponent(
    async () => (await import('./routes/user-profile/UserProfileRoute')).UserProfileRoute,
  ),
  profileSettings: lazyComponent(
    async () => (await import('../features/people/routes/ProfileSettingsPage')).ProfileSettingsPage,
  ),
  notFound: lazyComponent(async () => (await import('./NotFoundPage')).NotFoundPage),
  // Only moderators use it.
  moderation: lazyComponent(
    async () => (await import('../features/moderation/routes/ModerationPage')).ModerationPage,
  ),
};

/**
 * The page inside the layout. A page that fails keeps the navigation bar around its error message; a page whose
 * code is on its way shows a spinner where it will appear (a link followed from another page keeps that page on
 * screen until the code has arrived, since React Router navigates in a transition).
 */
function PageFrame() {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary resetKey={key}>
      <CodeSuspense
        fallback={
          <div className={states.loading}>
            <Spinner size="large" label="Loading" />
          </div>
        }
      >
        <Outlet />
      </CodeSuspense>
    </RouteErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      {
        element: <PageFrame />,
        children: [
          { index: true, element: <ProjectsPage /> },
          { path: 'issues', element: <pages.issueFinder /> },
          { path: 'projects/:owner/:name', element: <pages.project /> },
          { path: 'group-projects', element: <pages.groupProjects /> },
          { path: 'group-projects/:groupProjectId', element: <pages.groupProject /> },
          { path: 'invite/:token', element: <pages.invite /> },
          { path: 'my-projects', element: <pages.myProjects /> },
          { path: 'admin', element: <pages.moderation /> },
          { path: 'notifications', element: <pages.notifications /> },
          { path: 'settings/email/*', element: <pages.settings /> },
          { path: 'settings/profile', element: <pages.profileSettings /> },
          { path: 'users/:login', element: <pages.userProfile /> },
          { path: '*', element: <pages.notFound /> },
        ],
      },
    ],
  },
];

/**
 * Every page of the site, under whichever router holds the address (the browser's in the app, a memory one in
 * tests). React Router's declarative mode: the site loads no data through the router, so it does without the
 * data router's code (about 17 kB gzip of the first visit).
 */
export function AppRoutes() {
  const { key } = useLocation();
  const page = useRoutes(routes);
  // Something that throws outside a page (the layout itself) still ends on the error page, not a blank screen.
  return <RouteErrorBoundary resetKey={key}>{page}</RouteErrorBoundary>;
}
