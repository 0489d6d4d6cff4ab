import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProjectsPage } from '../features/projects/routes/ProjectsPage';
import { Spinner } from '../components/Spinner';
import states from '../components/ResultStates.module.css';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    // Shown while a lazily loaded page that the first address opens is on its way.
    hydrateFallbackElement: (
      <div className={states.loading}>
        <Spinner size="large" label="Loading" />
      </div>
    ),
    children: [
      {
        // A page that fails keeps the navigation bar around its error message.
        errorElement: <RouteErrorPage />,
        children: [
          // Discover is the landing page: it comes with the main bundle. Every other page loads its code when it is
          // first opened, so a first visit downloads only what it shows.
          { index: true, element: <ProjectsPage /> },
          {
            // The issue finder: its code (and the claims') arrives only when it is first opened.
            path: 'issues',
            lazy: async () => ({
              Component: (await import('../features/issues/routes/IssueFinderPage')).IssueFinderPage,
            }),
          },
          {
            path: 'group-projects',
            lazy: async () => ({
              Component: (await import('../features/groups/routes/GroupProjectsPage')).GroupProjectsPage,
            }),
          },
          {
            path: 'group-projects/:groupProjectId',
            lazy: async () => ({
              Component: (await import('./routes/group-page/GroupProjectPage')).GroupProjectPage,
            }),
          },
          {
            path: 'my-projects',
            lazy: async () => ({
              Component: (await import('./routes/my-projects/MyProjectsPage')).MyProjectsPage,
            }),
          },
          {
            // Only moderators use it.
            path: 'admin',
            lazy: async () => ({
              Component: (await import('../features/moderation/routes/ModerationPage')).ModerationPage,
            }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
