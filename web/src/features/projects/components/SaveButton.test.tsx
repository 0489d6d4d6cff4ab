import type { SaveProjectResponse } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  listResponse,
  makeProject,
  projectsHandler,
  signedInHandlers,
  signedInSession,
} from '../test-fixtures';

const project = makeProject({ projectId: 7, name: 'tokio', saves: 12 });

async function tokioCard() {
  return screen.findByRole('article', { name: /^tokio/ });
}

function savesOf(card: HTMLElement) {
  return within(card).getByText('Saves', { selector: 'dt' }).nextElementSibling?.textContent;
}

/** A call that answers only when the test says so. */
function deferred() {
  let answer: (value: MockAnswer) => void = () => undefined;
  const promise = new Promise<MockAnswer>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

describe('saving a project', () => {
  it('asks an anonymous visitor to sign in, coming back to the same list', async () => {
    const { calls } = mockApi(
      projectsHandler((request) => listResponse([project], { totalPages: 3, pageLocation: request.page })),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp('/?topics=cli&page=2');
    const card = await tokioCard();

    const save = within(card).getByRole('button', { name: 'Save tokio' });
    expect(save.getAttribute('aria-pressed')).toBe('false');
    await user.click(save);

    const dialog = screen.getByRole('dialog', { name: 'Sign in to continue' });
    await user.click(within(dialog).getByRole('button', { name: /^Login with Github/ }));
    expect(assign).toHaveBeenCalledWith('/api/account/authorize?returnTo=%2F%3Ftopics%3Dcli%26page%3D2');
    expect(calls.some((call) => call.url.startsWith('/api/projects/save'))).toBe(false);
    expect(calls.some((call) => call.url === '/api/projects/saved')).toBe(false);
  });

  it('saves at once for a signed-in user, then shows the count the server gives', async () => {
    const saveCall = deferred();
    let savedOnServer: (typeof project)[] = [];
    const { calls } = mockApi({
      ...signedInHandlers,
      ...projectsHandler(() => listResponse([project])),
      'GET /api/projects/saved': () => ({ body: { data: savedOnServer } }),
      'POST /api/projects/save': () => {
        savedOnServer = [{ ...project, saves: 20 }];
        return saveCall.promise;
      },
    });
    const { user } = renderApp('/', { session: signedInSession });
    const card = await tokioCard();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/projects/saved')).toBe(true));

    await user.click(within(card).getByRole('button', { name: 'Save tokio' }));

    // Before the server answers.
    const saved = await within(card).findByRole('button', { name: 'Saved tokio' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(savesOf(card)).toBe('13'));
    expect(calls.find((call) => call.url === '/api/projects/save')).toMatchObject({
      method: 'POST',
      body: { projectId: 7 },
    });

    const answer: SaveProjectResponse = { projectId: 7, saved: true, saves: 20 };
    saveCall.answer({ body: answer });

    await waitFor(() => expect(savesOf(card)).toBe('20'));
    expect(within(card).getByRole('button', { name: 'Saved tokio' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('saves what was pressed while the session was still being checked, once it is known', async () => {
    const check = deferred();
    const { calls } = mockApi({
      ...projectsHandler(() => listResponse([project])),
      'GET /api/account/check-auth': () => check.promise,
      'GET /api/projects/saved': () => ({ body: { data: [] } }),
      'POST /api/projects/save': () => ({ body: { projectId: 7, saved: true, saves: 13 } }),
    });
    const { user } = renderApp('/', { session: { isLoginLoading: true } });
    const card = await tokioCard();

    await user.click(within(card).getByRole('button', { name: 'Save tokio' }));
    expect(calls.some((call) => call.url === '/api/projects/save')).toBe(false);
    check.answer({ body: { authenticated: true, devSignIn: false } });

    expect(await within(card).findByRole('button', { name: 'Saved tokio' })).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/projects/save')).toMatchObject([
      { method: 'POST', body: { projectId: 7 } },
    ]);
  });

  it('puts everything back and says so when saving fails', async () => {
    mockApi({
      ...signedInHandlers,
      ...projectsHandler(() => listResponse([project])),
      'GET /api/projects/saved': () => ({ body: { data: [] } }),
      'POST /api/projects/save': () => ({
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
      }),
    });
    const { user } = renderApp('/', { session: signedInSession });
    const card = await tokioCard();

    await user.click(within(card).getByRole('button', { name: 'Save tokio' }));

    expect(await screen.findByText('Could not save the project, please try again.')).toBeTruthy();
    const save = within(card).getByRole('button', { name: 'Save tokio' });
    expect(save.getAttribute('aria-pressed')).toBe('false');
    expect(savesOf(card)).toBe('12');
  });

  it("shows the server's reason when it refuses", async () => {
    mockApi({
      ...signedInHandlers,
      ...projectsHandler(() => listResponse([project])),
      'GET /api/projects/saved': () => ({ body: { data: [] } }),
      'POST /api/projects/save': () => ({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'This project was removed from the catalogue.' } },
      }),
    });
    const { user } = renderApp('/', { session: signedInSession });

    await user.click(within(await tokioCard()).getByRole('button', { name: 'Save tokio' }));

    expect(await screen.findByText('This project was removed from the catalogue.')).toBeTruthy();
  });

  it('unsaves a saved project with DELETE', async () => {
    let savedOnServer = [project];
    const { calls } = mockApi({
      ...signedInHandlers,
      ...projectsHandler(() => listResponse([project])),
      'GET /api/projects/saved': () => ({ body: { data: savedOnServer } }),
      'DELETE /api/projects/save': () => {
        savedOnServer = [];
        return { body: { projectId: 7, saved: false, saves: 11 } };
      },
    });
    const { user } = renderApp('/', { session: signedInSession });
    const card = await tokioCard();

    const saved = await within(card).findByRole('button', { name: 'Saved tokio' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    await user.click(saved);

    expect(within(card).getByRole('button', { name: 'Save tokio' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await waitFor(() => expect(savesOf(card)).toBe('11'));
    expect(calls.find((call) => call.url === '/api/projects/save')).toMatchObject({
      method: 'DELETE',
      body: { projectId: 7 },
    });
  });
});
