import { SERVER_RENDER_DATA_ID, type ServerRenderData } from '@openlfg/contracts';
import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles/tokens.css';
import './styles/global.css';
import { createQueryClient } from './app/query-client';
import { appElement } from './ssr/app-element';
import { yieldToBrowser } from './lib/yield-to-browser';

// The first visit's code is one file, and a module's code runs in one task: the libraries' own set-up (React
// DOM's, the router's, the query client's), then the app's start. On Lighthouse's phone those were one task of
// about 100 ms, after a server-rendered page had already painted. Waiting here (a top-level await) lets the
// browser paint, and answer a tap, between the two. The build then puts its own helpers in a file of their own
// (rolldown-runtime, 0.4 kB), which index.html loads beside this one.
await yieldToBrowser();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

// A page the server rendered (a project's page) arrives with its markup, the answers it was made from and the
// clock its dates were written against: with those in the cache and the tree, the first render makes the same
// markup, and React takes it over.
const serverText = document.getElementById(SERVER_RENDER_DATA_ID)?.textContent;
if (serverText && container.firstElementChild) {
  const data = JSON.parse(serverText) as ServerRenderData;
  const app = appElement(queryClient, browserRouter, data.clock);
  void import('./ssr/hydrate').then(({ hydrateServerPage }) =>
    hydrateServerPage(container, queryClient, app, data),
  );
} else {
  const app = appElement(queryClient, browserRouter);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
  // thread for the whole app in one task (as hydration does, ssr/hydrate.ts): no long task at start-up, and a tap
  // meanwhile is answered.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
