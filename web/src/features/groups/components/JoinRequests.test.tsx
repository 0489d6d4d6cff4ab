import type { PendingRequest, RequesterSummary } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, beforeAll } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  makeGroup,
  makeInfo,
  makeViewer,
  signedInAs,
  signedInSession,
} from '../test-fixtures';
import { preloadBoardViews } from '../../../test/preload-views';

beforeAll(preloadBoardViews);

const asking = makeGroup({
  groupProjectId: 5,
  title: 'Secret game',
  visibility: 'private',
  owner: { login: 'ada', avatarUrl: null },
  joinQuestion: 'Which engine do you know?',
});

describe('asking to join a group whose owner asks a question', () => {
  it('shows the question and sends the answer with the request', async () => {
    let viewer = makeViewer('none', { request: true, save: true, report: true });
    const { calls } = mockApi({
      ...signedInAs(),
      'POST /api/group-projects/discussion-info': () => apiError(403, 'FORBIDDEN', 'Only members.'),
      'GET /api/group-projects/5': () => ({ body: { ...asking, viewer } }),
      'POST /api/group-projects/request': () => {
        viewer = makeViewer('requester', { cancelRequest: true, save: true, report: true });
        return { status: 201, body: { groupProjectId: 5, memberCount: 1, viewer } };
      },
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });

    await user.click(await screen.findByRole('button', { name: 'Request to join' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask to join Secret game' }));
    expect(dialog.getByText('Which engine do you know?')).toBeTruthy();
    // Nothing is sent until the request is.
    expect(callsTo(calls, 'POST', '/api/group-projects/request')).toHaveLength(0);
    const answer = dialog.getByLabelText('Your answer (optional)');
    await waitFor(() => expect(document.activeElement).toBe(answer));
    await user.type(answer, '  Godot, two jams.  ');
    expect(dialog.getByText('20/500 characters')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Request sent. The owner will decide.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/request')[0]?.body).toEqual({
      groupProjectId: 5,
      message: 'Godot, two jams.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cancel = await screen.findByRole('button', { name: 'Cancel request' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const viewer = makeViewer('none', { request: true });
    mockApi({
      ...signedInAs(),
      'POST /api/group-projects/discussion-info': () => apiError(403, 'FORBIDDEN', 'Only members.'),
      'GET /api/group-projects/5': () => ({ body: { ...asking, viewer } }),
      'POST /api/group-projects/request': () =>
        apiError(400, 'VALIDATION_ERROR', 'body.message must not contain control characters'),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    await user.click(await screen.findByRole('button', { name: 'Request to join' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask to join Secret game' }));
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'body.message must not contain control characters',
    );
  });
});

describe("the owner's pending requests", () => {
  const owner = makeViewer('owner', {
    approve: true,
    reject: true,
    edit: true,
    delete: true,
    readDiscussion: true,
  });
  const request = (requestUsername: string, message: string | null): PendingRequest => ({
    groupProjectId: 5,
    title: 'Secret game',
    requestUsername,
    requestAvatarUrl: null,
    requestedAt: new Date().toISOString(),
    message,
  });

  it("show each requester's message, and their GitHub summary once GitHub answers, without waiting for it", async () => {
    let releaseSummary = () => {};
    mockApi({
      ...signedInAs(),
      'POST /api/group-projects/discussion-info': () => ({
        body: { data: makeInfo(asking, { viewer: owner }) },
      }),
      'GET /api/group-projects/pending-requests': () => ({
        body: { data: [request('bob', 'I know Bevy.\nAnd some Godot.'), request('cy', null)] },
      }),
      'GET /api/group-projects/invites': () => ({ body: { data: [] } }),
      'GET /api/group-projects/pending-requests/github': async (call) => {
        const login = new URL(call.url, 'http://localhost').searchParams.get('requestUsername') ?? '';
        if (login === 'cy') return { body: { available: false, login } satisfies RequesterSummary };
        await new Promise<void>((resolve) => (releaseSummary = resolve));
        return {
          body: {
            available: true,
            login,
            publicRepos: 12,
            topLanguages: [
              { language: 'Rust', repos: 5 },
              { language: 'Go', repos: 2 },
            ],
          } satisfies RequesterSummary,
        };
      },
    });
    renderApp('/group-projects/5', { session: signedInSession });

    const list = await screen.findByRole('list', { name: 'Pending requests' });
    const [bob, cy] = within(list).getAllByRole('listitem');
    // The list is there while bob's summary is still on its way; each answer is shown under the question.
    expect(within(bob as HTMLElement).getByText('Q: Which engine do you know?')).toBeTruthy();
    expect(within(bob as HTMLElement).getByText(/^A: “I know Bevy\./)).toBeTruthy();
    expect(within(cy as HTMLElement).getByText('A: no answer')).toBeTruthy();
    expect(within(bob as HTMLElement).getByText('Loading GitHub summary...')).toBeTruthy();
    expect(await within(cy as HTMLElement).findByText('GitHub summary unavailable')).toBeTruthy();
    releaseSummary();
    expect(
      await within(bob as HTMLElement).findByText('GitHub: 12 public repositories · Rust, Go'),
    ).toBeTruthy();
  });

  it('says the summary is unavailable when the server cannot be reached for it', async () => {
    mockApi({
      ...signedInAs(),
      'POST /api/group-projects/discussion-info': () => ({
        body: { data: makeInfo(asking, { viewer: owner }) },
      }),
      'GET /api/group-projects/pending-requests': () => ({ body: { data: [request('bob', null)] } }),
      'GET /api/group-projects/invites': () => ({ body: { data: [] } }),
      'GET /api/group-projects/pending-requests/github': () =>
        apiError(503, 'SERVICE_UNAVAILABLE', 'Try again shortly.'),
    });
    renderApp('/group-projects/5', { session: signedInSession });
    const list = await screen.findByRole('list', { name: 'Pending requests' });
    expect(await within(list).findByText('GitHub summary unavailable')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Approve bob' })).toBeTruthy();
  });
});
