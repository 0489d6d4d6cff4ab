import { createBrowserRouter, type RouteObject } from 'react-router';
import { GroupPage } from '../features/groups/routes/GroupPage';
import { GroupProjectsPage } from '../features/groups/routes/GroupProjectsPage';
import { MyProjectsPage } from './routes/my-projects/MyProjectsPage';
import { ProjectsPage } from '../features/projects/routes/ProjectsPage';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A page that fails keeps the navigation bar around its error message.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <ProjectsPage /> },
          { path: 'group-projects', element: <GroupProjectsPage /> },
          { path: 'group-projects/:groupProjectId', element: <GroupPage /> },
          { path: 'my-projects', element: <MyProjectsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
