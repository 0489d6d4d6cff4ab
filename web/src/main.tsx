import { SERVER_RENDER_DATA_ID, type ServerRenderData } from '@openlfg/contracts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles/tokens.css';
import './styles/global.css';
import { createQueryClient } from './app/query-client';
import { appElement } from './ssr/app-element';
import { seedPrefetchedQueries } from './ssr/prefetched-queries';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const app = appElement(queryClient, (routes) => <BrowserRouter>{routes}</BrowserRouter>);

// A page the server rendered (a project's page) arrives with its markup and the answers it was made from:
// with those in the cache, the first render makes the same markup, and React takes it over.
const serverData = document.getElementById(SERVER_RENDER_DATA_ID)?.textContent;
if (serverData && container.firstElementChild) {
  seedPrefetchedQueries(queryClient, JSON.parse(serverData) as ServerRenderData);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
