import type { ProjectPageResponse, RenderClock, ServerRenderData } from '@openlfg/contracts';
import { act, render as renderInBrowser } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { filterOptionHandlers, makeFinderIssue, page as issuesPage } from '../features/issues/test-fixtures';
import { makeProjectPage } from '../features/projects/test-fixtures';
import { formatRelativeTime } from '../lib/format';
import { RenderClockProvider, useRenderClock } from '../lib/render-clock';
import { mockApi } from '../test/api-mock';
import { appElement } from './app-element';
import { render } from './entry-server';
import { seedPrefetchedQueries } from './prefetched-queries';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const URL_PATH = '/projects/tokio-rs/tokio';

/** The server's moment: the page is rendered then, where the server is. */
const RENDERED_AT = new Date('2026-11-28T12:00:00Z');
/** When the figures were fetched: 11/19/2026 where the server is (UTC+14), 11/18/2026 for the visitor (UTC-11). */
const FIGURES_AT = '2026-11-18T12:00:00Z';
/** An issue updated a second short of 7 days before the render: "6 days ago" then, a date a moment later. */
const ISSUE_UPDATED_AT = new Date(RENDERED_AT.getTime() - 7 * DAY + 1000).toISOString();

const SERVER_ZONE = 'Pacific/Kiritimati';
const VISITOR_ZONE = 'Pacific/Pago_Pago';

function projectPage(): ProjectPageResponse {
  return makeProjectPage({ figures: { source: 'github', at: FIGURES_AT } });
}

const issues = issuesPage([
  makeFinderIssue({ title: 'Document the builder', createdAt: FIGURES_AT, updatedAt: ISSUE_UPDATED_AT }),
]);

const queries: ServerRenderData['queries'] = [
  { query: 'projectPage', args: ['tokio-rs', 'tokio'], status: 200, body: projectPage() },
  {
    query: 'projectIssues',
    args: ['7'],
    status: 200,
    body: issues,
  },
];

/** The process's zone: as the server reads its own (server-render.ts), and as the browser's dates are written. */
function setZone(zone: string) {
  process.env.TZ = zone;
}

let root: Root | null = null;
const originalZone = process.env.TZ;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // The page's queries, should the browser ask again once it has the page: the same answers.
  mockApi({
    ...filterOptionHandlers,
    'GET /api/projects/tokio-rs/tokio': () => ({ body: projectPage() }),
    'POST /api/issues': () => ({ body: issues }),
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.useRealTimers();
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
  document.body.replaceChildren();
});

describe('dates on a page the server rendered', () => {
  it('hydrate without a mismatch for a visitor in another zone a moment later, then read as the visitor’s', async () => {
    // The server, far east of the visitor, renders the page with its own clock and zone, and sends them along.
    setZone(SERVER_ZONE);
    vi.setSystemTime(RENDERED_AT);
    const clock: RenderClock = {
      now: new Date().toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
    const data: ServerRenderData = { queries, clock };
    const markup = await render(URL_PATH, data, 10_000);
    // React's server renderer leaves the providers around its last resumed part current when it ends (its next
    // render starts by restoring them); a real server runs no browser renderer beside it. One empty render
    // restores them before this process plays the browser.
    await prerenderToNodeStream(null);
    expect(markup).toContain(
      `<time dateTime="${FIGURES_AT}" title="11/19/2026, 2:00:00 AM">11/19/2026</time>`,
    );
    expect(markup).toContain('updated 6 days ago');

    // The visitor, eleven hours behind UTC, takes the page over two minutes later.
    setZone(VISITOR_ZONE);
    vi.setSystemTime(RENDERED_AT.getTime() + 2 * MINUTE);
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const figuresTime = () => container.querySelector(`time[datetime="${FIGURES_AT}"]`);
    const serverTitle = figuresTime()?.getAttribute('title');
    const heading = container.querySelector('h1');

    const recoverable: unknown[] = [];
    // Anything React says while taking the page over fails the test (an attribute's mismatch is only said), but
    // its development check that one context is not rendered by two renderers at once: here the server's
    // renderer marked the app's contexts in this very process.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const errors = () =>
      consoleError.mock.calls.filter((call) => !String(call[0]).startsWith('Detected multiple renderers'));
    const queryClient = createQueryClient();
    seedPrefetchedQueries(queryClient, data);
    const router = (routes: ReactNode) => <MemoryRouter initialEntries={[URL_PATH]}>{routes}</MemoryRouter>;
    await act(async () => {
      root = hydrateRoot(container, appElement(queryClient, router, data.clock), {
        onRecoverableError: (error) => recoverable.push(error),
      });
      await Promise.resolve();
    });

    // No mismatch: React took the server's markup over (the very heading it sent) and reported nothing.
    expect(recoverable).toEqual([]);
    expect(errors()).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    // Hydrated, the page reads as the visitor's clock and zone have it: the text and the title on hover.
    expect(figuresTime()?.textContent).toBe('11/18/2026');
    expect(figuresTime()?.getAttribute('title')).toBe(new Date(FIGURES_AT).toLocaleString('en-US'));
    expect(figuresTime()?.getAttribute('title')).not.toBe(serverTitle);
    expect(container.textContent).toContain(
      `updated on ${new Date(ISSUE_UPDATED_AT).toLocaleDateString('en-US')}`,
    );
    expect(container.textContent).not.toContain('6 days ago');
  });

  it('are the visitor’s at once in a part the browser renders itself (a page reached after the first)', () => {
    setZone(VISITOR_ZONE);
    vi.setSystemTime(RENDERED_AT.getTime() + 3 * DAY);
    function Fetched() {
      const { now, timeZone } = useRenderClock();
      return <p>{formatRelativeTime(FIGURES_AT, now, timeZone)}</p>;
    }
    const view = renderInBrowser(
      <RenderClockProvider clock={{ now: RENDERED_AT.toISOString(), timeZone: SERVER_ZONE }}>
        <Fetched />
      </RenderClockProvider>,
    );
    expect(view.container.textContent).toBe('11/18/2026');
  });
});
