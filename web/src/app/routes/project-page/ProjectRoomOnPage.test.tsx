import type { Message, ProjectPageResponse } from '@openlfg/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, beforeAll } from 'vitest';
import { filterOptionHandlers, page as issuesPage } from '../../../features/issues/test-fixtures';
import { makeProjectPage } from '../../../features/projects/test-fixtures';
import { FakeSocket } from '../../../realtime/fake-socket';
import { stubRealtimeSockets } from '../../../realtime/fake-socket-hooks';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { preloadBoardViews } from '../../../test/preload-views';

beforeAll(preloadBoardViews);

const project: ProjectPageResponse = makeProjectPage();
const question: Message = {
  id: 12,
  room: 'project-room-7',
  projectId: 7,
  author: { id: 2, login: 'grace', avatarUrl: null },
  text: 'Where do I start?',
  clientId: 'a'.repeat(32),
  createdAt: new Date().toISOString(),
};

stubRealtimeSockets();

describe("a project page's room and mentors", () => {
  it('shows the project’s room live to a visitor, and its mentors', async () => {
    mockApi({
      ...filterOptionHandlers,
      'POST /api/issues': () => ({ body: issuesPage([]) }),
      'GET /api/projects/tokio-rs/tokio': () => ({ body: project }),
      'GET /api/project-rooms/history': () => ({ body: { data: [question], hasOlder: false } }),
      'GET /api/mentors': () => ({
        body: {
          data: [
            {
              user: { id: 3, login: 'alice', avatarUrl: null },
              helpWith: 'Async',
              capacity: 1,
              newcomers: 0,
              since: '2026-11-01T00:00:00Z',
            },
          ],
        },
      }),
    });
    renderApp('/projects/tokio-rs/tokio', { session: { isLoginLoading: false } });

    const room = await screen.findByRole('region', { name: 'Room' });
    expect(await within(room).findByText('Where do I start?')).toBeTruthy();
    expect(within(room).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeSocket.latest();
    act(() => socket.deliver({ type: 'ready', userId: null }));
    // The page's issues follow their changes on the same socket.
    await waitFor(() =>
      expect(socket.sent).toEqual(
        expect.arrayContaining([
          { type: 'subscribe', room: 'project-room-7', afterId: 12 },
          { type: 'follow-issues' },
        ]),
      ),
    );
    act(() =>
      socket.deliver({ type: 'message', message: { ...question, id: 13, text: 'Try the tutorial' } }),
    );
    expect(await within(room).findByText('Try the tutorial')).toBeTruthy();

    const mentors = await screen.findByRole('region', { name: 'Mentors' });
    expect(await within(mentors).findByText('alice')).toBeTruthy();
  });
});
