import { createBrowserRouter, type RouteObject } from 'react-router';
import { GroupProjectsPage } from '../features/groups/routes/GroupProjectsPage';
import { GroupProjectPage } from './routes/group-page/GroupProjectPage';
import { MyProjectsPage } from './routes/my-projects/MyProjectsPage';
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
    // Shown while a lazily loaded page (moderation) that the first address opens is on its way.
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
          { index: true, element: <ProjectsPage /> },
          { path: 'group-projects', element: <GroupProjectsPage /> },
          { path: 'group-projects/:groupProjectId', element: <GroupProjectPage /> },
          { path: 'my-projects', element: <MyProjectsPage /> },
          {
            // Only moderators use it: its code loads when the page is first opened, outside the main bundle.
            path: 'admin',
            lazy: async () => {
              const { ModerationPage } = await import('../features/moderation/routes/ModerationPage');
              return { Component: ModerationPage };
            },
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
